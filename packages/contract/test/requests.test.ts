import { describe, expect, it } from 'vitest';
import {
  dryRunField,
  isStorableLine,
  isStorableText,
  markLeftRequest,
  messages,
  newStaffRequest,
  rolloverClassMove,
  staffChangeRequest,
  registrationStatusRequest,
  studentImportRequest,
  studentSaveSchema,
  studentSignInRequest,
  termFileRequest,
} from '../src/index.ts';

describe('dry_run, one rule for every import and bulk upload', () => {
  it('is a dry run when left out or true, and writes only when false is sent', () => {
    expect(dryRunField.parse(undefined)).toBe(true);
    expect(dryRunField.parse('true')).toBe(true);
    expect(dryRunField.parse('false')).toBe(false);
  });

  it.each(['0', '1', 'no', 'FALSE', '', false, 0])('refuses %j rather than guess whether it writes', (value) => {
    const result = dryRunField.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(messages.dryRun);
  });

  it('is the same field in each import form', () => {
    expect(studentImportRequest.shape.dry_run).toBe(dryRunField);
    expect(termFileRequest.shape.dry_run).toBe(dryRunField);
    expect(termFileRequest.parse({ year: '2026', term: '2' })).toEqual({ year: 2026, term: '2', dry_run: true });
  });
});

describe('request rules', () => {
  it('drop the fields they do not name (no mass assignment)', () => {
    expect(studentSignInRequest.parse({ student_id: '20260001', password: 'x', password_hash: 'h', admin: true })).toEqual({
      student_id: '20260001',
      password: 'x',
    });
    // An ID that is not text is refused, never turned into text ('null', '20260001').
    for (const student_id of [20260001, null]) expect(studentSignInRequest.safeParse({ student_id, password: 'x' }).success).toBe(false);
    expect(registrationStatusRequest.parse({ open: 1, deadline_local: null, form_level: 9 })).toEqual({ open: 1, deadline_local: null });
    const saved = studentSaveSchema.parse({ id: '20260001', updatedAt: 'v1', first_name: 'Kezia', password: 'p', password_reset: 0 });
    expect(saved).not.toHaveProperty('password');
    expect(saved).not.toHaveProperty('password_reset');
  });

  it("read the student import's column mapping as JSON of field names to headers", () => {
    expect(studentImportRequest.parse({ mapping: '{"id":"Learner No"}' })).toEqual({ mode: 'insert', dry_run: true, mapping: { id: 'Learner No' } });
    const refused = studentImportRequest.safeParse({ mapping: '{"password":"x"}' });
    expect(refused.error?.issues[0].message).toBe('The column mapping must be an object of field names to headers.');
  });

  it("refuse a deadline that is not a real date or time, in the contract's words", () => {
    expect(registrationStatusRequest.safeParse({ open: 1, deadline_local: '2026-13-45T10:00' }).error?.issues[0].message).toBe(
      'The deadline is not a real date: enter it as yyyy-MM-dd.',
    );
    expect(registrationStatusRequest.safeParse({ open: 1, deadline_local: '2026-09-25T25:00' }).error?.issues[0].message).toBe(
      'The deadline time is not real: enter it as HH:mm, 00:00 to 23:59.',
    );
  });
});

describe('stored texts refuse characters that cannot be shown (decision 058)', () => {
  const refused = ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\uFFFE', '\uFFFF', '\uD800'];

  it('a one-line text (a staff name, a reason) refuses every control character, line breaks and tabs inside it included, U+FFFE and U+FFFF', () => {
    for (const schema of [newStaffRequest.shape.display_name, markLeftRequest.shape.reason, rolloverClassMove.shape.reason]) {
      for (const character of [...refused, '\n', '\r', '\t']) {
        const result = schema.safeParse(`Mrs${character}Ali`);
        expect(result.success, JSON.stringify(character)).toBe(false);
        expect(result.error!.issues[0]!.message).toMatch(/holds a character that cannot be saved/);
      }
      expect(schema.safeParse('Mrs Ali-Özkan 😀').success).toBe(true);
    }
    expect(staffChangeRequest.safeParse({ display_name: 'Mrs\uFFFFAli' }).success).toBe(false);
    expect(isStorableLine('Completed Form 5')).toBe(true);
  });

  it('a consent text keeps its line breaks and tabs, but refuses the other control characters, U+FFFE and U+FFFF', () => {
    expect(isStorableText('I agree.\r\n\tSigned')).toBe(true);
    for (const character of refused) expect(isStorableText(`I agree${character}`), JSON.stringify(character)).toBe(false);
  });
});
