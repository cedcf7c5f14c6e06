import type { ReactNode } from 'react';
import './light-screens.css';

/** A screen's one h1, sized down on a phone; an h2 (`level` 2) where the piece is a part of a larger screen. */
export function PageTitle({ children, level = 1 }: { children: ReactNode; level?: 1 | 2 }) {
  return level === 1 ? <h1 className="light-title">{children}</h1> : <h2 className="light-title">{children}</h2>;
}
