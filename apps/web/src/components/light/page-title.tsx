import type { ReactNode } from 'react';
import './light-screens.css';

/** A screen's one h1, sized down on a phone. */
export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="light-title">{children}</h1>;
}
