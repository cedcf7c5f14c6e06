import type { ButtonHTMLAttributes } from 'react';

/** The screen's main action: a filled button in the school's blue. */
export function LightButton({ type = 'button', ...button }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} {...button} className="light-button" />;
}
