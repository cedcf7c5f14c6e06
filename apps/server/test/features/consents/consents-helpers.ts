import type { ConsentForm, ConsentFormRequest, GuardianConsent } from '@school/contract';
import { expect } from 'vitest';
import { zonedDay } from '../../../src/lib/time-zone.ts';
import type { TestClient, TestApp } from '../../helpers/test-app.ts';

/** The school's day `days` from today (yyyy-MM-dd), as the forms' closing days are read. */
export function schoolDay(t: Pick<TestApp, 'config'>, days = 0): string {
  const today = zonedDay(new Date(), t.config.schoolTimeZone);
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A form as the admin writes one: a trip for class 2B, closing in a week, unless `fields` say otherwise. */
export const tripForm = (t: Pick<TestApp, 'config'>, fields: Partial<ConsentFormRequest> = {}): ConsentFormRequest => ({
  title: 'Trip to the Botanic Gardens',
  text: 'I agree that my daughter may go on the class trip to the Botanic Gardens on Friday.\n\nThe bus leaves at 8:00 and returns by 14:00.',
  class_ids: ['2B'],
  closes_on: schoolDay(t, 7),
  per_daughter: false,
  ...fields,
});

/** Writes a form as `admin` (an admin's client) and answers it as the server does. */
export async function writeForm(admin: TestClient, form: ConsentFormRequest): Promise<ConsentForm> {
  const answer = await admin.post('/api/consents', form);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ConsentForm;
}

/** The forms a guardian's dashboard shows her. */
export async function consentsOf(guardian: TestClient): Promise<GuardianConsent[]> {
  const answer = await guardian.get('/api/guardian/consents');
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { consents: GuardianConsent[] }).consents;
}

/** Her answer to a form, as her dashboard sends it. */
export const answerOf = (answer: 'agree' | 'disagree', typedName: string, more: { student_id?: string; replaces?: string } = {}) => ({
  answer,
  typed_name: typedName,
  ...more,
});
