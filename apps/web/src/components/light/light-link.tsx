import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** A plain press of the main button: not one that asks for a new tab or window. */
const plainPress = (event: MouseEvent<HTMLAnchorElement>) => event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * A link to another screen of the app in the light kit: a plain anchor whose plain press the
 * router follows, the others (a new tab, a new window) left to the browser. The router's own link
 * works its address out against the current route at every render, with five hooks; the twenty
 * links of a wizard step were a fifth of its first render on a phone (issue 54). Every address in
 * the app is absolute, so there is nothing to work out.
 */
export function LightLink({ to, onClick, ...anchor }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  const navigate = useNavigate();
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !plainPress(event) || anchor.target) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
