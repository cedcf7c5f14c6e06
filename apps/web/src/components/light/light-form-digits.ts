import { phoneDigits, phonePrefix } from '@school/contract/limits';
import type { ClipboardEvent, KeyboardEvent } from 'react';

/**
 * Lets only digit keypresses through (SPEC §5). Editing and navigation keys (Backspace, arrows,
 * Tab) and shortcuts (copy, paste, undo) still work.
 */
export function acceptDigitKeys(event: KeyboardEvent<HTMLElement>): void {
  if (event.key.length === 1 && !/\d/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) event.preventDefault();
}

/**
 * A pasted number as the field wants it: spaces, dashes, dots, brackets and a leading + are
 * dropped, and so is a leading 1868 when the rest is a full number. Letters stay, so the field's
 * validation can say 'Only Numbers Allowed' instead of silently changing what was pasted.
 */
export function cleanPastedNumber(text: string, digits: number = phoneDigits): string {
  const compact = text.replace(/[\s\-().+]/g, '');
  return compact.length === phonePrefix.length + digits && compact.startsWith(phonePrefix) ? compact.slice(phonePrefix.length) : compact;
}

/** Puts pasted text, cleaned, in place of the selection, capped at `maxLength`. */
export function pasteDigits(event: ClipboardEvent<HTMLInputElement>, maxLength: number, onChange: (value: string) => void): void {
  const input = event.currentTarget;
  const pasted = cleanPastedNumber(event.clipboardData.getData('text'), maxLength);
  event.preventDefault();
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? input.value.length;
  onChange((input.value.slice(0, start) + pasted + input.value.slice(end)).slice(0, maxLength));
}
