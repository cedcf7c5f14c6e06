import { describe, expect, it } from 'vitest';
import { pastYears } from '../../../../src/features/students/components/past-years.ts';

describe('pastYears', () => {
  it('tells each kept year in words, newest first: the year, her class, the day she submitted and the labels of what she changed after', () => {
    expect(
      pastYears([
        { year: 2025, class_id: '1A', submitted_at: '2025-09-12', changed_fields: ['mobile_phone_mother', 'allergy'] },
        { year: 2026, class_id: null, submitted_at: null, changed_fields: [] },
      ]),
    ).toEqual([
      { year: 2026, label: '2026-2027', classId: 'No class', submitted: 'Not submitted', changed: 'Nothing' },
      { year: 2025, label: '2025-2026', classId: '1A', submitted: '2025-09-12', changed: 'Mother Mobile Phone, Allergies' },
    ]);
  });

  it('keeps the name of a field the portal no longer knows, rather than dropping it', () => {
    expect(pastYears([{ year: 2025, class_id: '2B', submitted_at: null, changed_fields: ['old_field', 'email'] }])[0]!.changed).toBe('old_field, E-mail');
  });
});
