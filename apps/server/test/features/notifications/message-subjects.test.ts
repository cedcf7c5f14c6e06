import { describe, expect, it } from 'vitest';
import {
  absenceMessage,
  contactChangeAnsweredMessage,
  contactChangeToOfficeMessage,
  familyContactChangedMessage,
  oneLine,
  registrationReminderMessage,
  reportPostedMessage,
  staffSecurityMessage,
} from '../../../src/features/notifications/message-kinds.ts';

const school = { schoolName: 'St Anne\r\nGirls', portalUrl: 'https://portal.example.org', schoolTimeZone: 'America/Port_of_Spain' };

describe('message subjects', () => {
  it('are one line: a line break in the name they are built from becomes a space', () => {
    const absence = absenceMessage(school, {
      firstName: 'Anya\r\nBcc: someone@example.org',
      date: '2025-11-19',
      state: { kind: 'absent' },
      correction: false,
      stopLink: 'https://portal.example.org/api/notifications/stop?token=x',
    });
    expect(absence.subject).toBe('St Anne Girls: Anya Bcc: someone@example.org on Wednesday 19 November 2025');
    const subjects = [
      absence.subject,
      reportPostedMessage(school, { firstName: 'Anya\n', year: 2025, term: '1' }).subject,
      registrationReminderMessage(school, { firstName: 'Anya', stepsToDo: ['Health Data'], deadline: null }).subject,
      staffSecurityMessage(school, { username: 'head', event: { kind: 'factors-reset' }, at: '2025-11-19T12:00:00.000Z' }).subject,
      // A guardian's name and a girl's first name in the contact changes' subjects (decision 066).
      contactChangeToOfficeMessage(school, { firstName: 'Anya', studentId: '20260001', guardianName: 'Mark\r\nBcc: x@example.org', labels: [] }).subject,
      contactChangeAnsweredMessage(school, { firstName: 'Anya\n', approved: [], declined: [] }).subject,
      familyContactChangedMessage(school, { firstName: 'Anya\u2028', labels: [] }).subject,
    ];
    // eslint-disable-next-line no-control-regex -- the control characters a subject must not hold
    for (const subject of subjects) expect(subject).not.toMatch(/[\r\n\u0000-\u001F\u2028\u2029]/);
  });

  it('keep every other character of the name', () => {
    expect(oneLine('Zoë\u2028Ó’Neil\t 😀')).toBe('Zoë Ó’Neil 😀');
  });
});
