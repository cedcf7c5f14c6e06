import type { ConsentFormSummary } from '@school/contract/responses';
import { formatDay } from '../../../lib/format-day.ts';

/** When a form stops taking answers, in words. */
export const closingWords = (form: Pick<ConsentFormSummary, 'kind' | 'closes_on' | 'open'>): string => {
  if (form.kind === 'registration') return form.open ? 'While each form’s registration is open' : 'Closed';
  return `${form.open ? 'Open through' : 'Closed on'} ${formatDay(form.closes_on!)}`;
};
