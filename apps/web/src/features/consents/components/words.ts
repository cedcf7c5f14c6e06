import { consentDayInWords } from '@school/contract/consents';
import type { ConsentFormSummary } from '@school/contract/responses';
import { ApiError } from '../../../api/client.ts';

/** A failure's words: the server's message, or the given ones when there was no answer. */
export const failureText = (error: unknown, fallback: string): string => (error instanceof ApiError ? error.firstMessage : fallback);

/** When a form stops taking answers, in words. */
export const closingWords = (form: Pick<ConsentFormSummary, 'kind' | 'closes_on' | 'open'>): string => {
  if (form.kind === 'registration') return form.open ? 'While each form’s registration is open' : 'Closed';
  return `${form.open ? 'Open through' : 'Closed on'} ${consentDayInWords(form.closes_on!)}`;
};
