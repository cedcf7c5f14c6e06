import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  birthDateRange,
  fieldByName,
  fieldSchema,
  isFieldRequired,
  isStepComplete,
  parentsShown,
  changedSaveValues,
  readStudentSave,
  registrationStepStates,
  studentFields,
  studentSaveSchema,
} from '../src/index.ts';
import { stepStates } from '../src/step-states.ts';

const check = (name: string, value: unknown) => {
  const result = fieldSchema(fieldByName.get(name)!).safeParse(value);
  return result.success ? 'ok' : result.error.issues[0].message;
};

describe('student field rules (SPEC §5)', () => {
  it('keeps the spec names, misspellings included', () => {
    for (const name of [
      'achivements',
      'other_learning_disablity',
      'mobile_phone_mother',
      'email_father',
      'id_card_guardian',
      'home_address_guardian',
      'home_phone_guardian',
      'business_phone_guardian',
    ]) {
      expect(fieldByName.has(name)).toBe(true);
    }
  });

  it.each([
    ['first_name', 20],
    ['last_name', 20],
    ['middle_name', 20],
    ['home_address', 100],
    ['email', 50],
    ['previous_school', 50],
    ['sea_no', 15],
    ['birth_certificate_no', 15],
    ['place_of_birth', 25],
    ['nationality', 25],
    ['mother_name', 35],
    ['father_name', 35],
    ['guardian_name', 30],
    ['mother_home_address', 255],
    ['mother_occupation', 35],
    ['guardian_occupation', 50],
    ['father_business_place', 50],
    ['father_business_address', 50],
    ['email_mother', 50],
    ['id_card_father', 20],
    ['emergency_contact', 50],
    ['relative_in_school', 50],
    ['relation_to_child', 50],
  ])('limits %s to %i characters', (name, max) => {
    const field = fieldByName.get(name)!;
    const filler = field.kind === 'email' ? (length: number) => `${'a'.repeat(length - 6)}@x.com` : (length: number) => 'a'.repeat(length);
    expect(check(name, filler(max))).toBe('ok');
    expect(check(name, filler(max + 1))).toBe(`At most ${max} characters.`);
  });

  it("answers 'Invalid e-mail' for a malformed address", () => {
    expect(check('email', 'kezia@school')).toBe('Invalid e-mail');
    expect(check('email', 'kezia@school.tt')).toBe('ok');
  });

  it('takes phones as exactly 7 digits after the 1868 prefix', () => {
    expect(check('phone_home', '6231234')).toBe('ok');
    expect(check('phone_home', '623123')).toBe('7 Digits Needed');
    expect(check('mobile_phone_mother', '62a1234')).toBe('Only Numbers Allowed');
  });

  it('takes family numbers as at most two digits', () => {
    expect(check('no_in_family', '12')).toBe('ok');
    expect(check('no_in_family', '1a')).toBe('Only Numbers Allowed');
    expect(check('no_at_home', '123')).toBe('At most 2 characters.');
  });

  it('refuses future and impossible dates', () => {
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(check('date_of_birth', '2013-02-28')).toBe('ok');
    expect(check('permit_issue_date', tomorrow)).toBe('The date cannot be in the future.');
    expect(check('permit_expiry_date', tomorrow)).toBe('ok');
    expect(check('date_of_birth', '2013-02-30')).toBe('Enter a date as yyyy-MM-dd.');
  });

  it('takes a date of birth 9 to 25 years before today (decision 027)', () => {
    expect(birthDateRange('2026-11-23')).toEqual({ earliest: '2001-11-23', latest: '2017-11-23' });
    expect(birthDateRange('2028-02-29')).toEqual({ earliest: '2003-02-28', latest: '2019-02-28' });
    const { earliest, latest } = birthDateRange();
    const message = `Enter a date of birth between ${earliest} and ${latest} (9 to 25 years ago).`;
    expect(check('date_of_birth', '1800-01-01')).toBe(message);
    expect(check('date_of_birth', new Date().toISOString().slice(0, 10))).toBe(message);
    expect(check('date_of_birth', earliest)).toBe('ok');
    expect(check('date_of_birth', latest)).toBe('ok');
  });

  it('names each step’s missing and invalid fields, and counts a step as done only once she has reviewed it (decision 026)', () => {
    const record = { living_status: 'Both Parents', mother_name: 'Joy Charles', email: 'not-an-email' };
    const states = registrationStepStates(record, { documentsComplete: false, reviewed: () => false });
    const byKey = Object.fromEntries(states.map((state) => [state.key, state]));
    expect(states.map((state) => state.key)).toEqual(['studentData', 'familyData', 'healthData', 'otherData', 'documents']);
    expect(byKey.familyData).toMatchObject({ complete: false, missing: ['Father: Name'], invalid: [], note: null });
    expect(byKey.studentData.invalid).toEqual(['E-mail']);
    expect(byKey.studentData.missing).toContain('Religion');
    expect(byKey.healthData).toMatchObject({
      complete: false,
      missing: [],
      note: "Check this step and press 'Nothing has changed', or change what is different.",
    });
    expect(byKey.documents).toMatchObject({ complete: false, note: 'Upload every document (birth certificate, immunization card, SEA slip and photo).' });
    expect(byKey.otherData.missing).toEqual(['Device Type']);
    const reviewed = registrationStepStates(record, { documentsComplete: true, reviewed: () => true });
    expect(reviewed.find((state) => state.key === 'healthData')).toMatchObject({ complete: true, note: null });
    expect(reviewed.find((state) => state.key === 'documents')).toMatchObject({ complete: true, note: null });
    // Complete but not reviewed: one rule for every step, the documents too.
    const unreviewed = registrationStepStates(record, { documentsComplete: true, reviewed: (key) => key !== 'documents' });
    expect(unreviewed.find((state) => state.key === 'documents')).toMatchObject({
      complete: false,
      note: "Check this step and press 'Nothing has changed', or change what is different.",
    });
    expect(unreviewed.find((state) => state.key === 'healthData')!.complete).toBe(true);
  });

  it('names the documents still to upload when it knows them, whether or not she has reviewed the step', () => {
    const missing = ['birth_certificate', 'picture'] as const;
    for (const reviewed of [true, false]) {
      const documents = registrationStepStates({}, { documentsComplete: false, missingDocuments: missing, reviewed: () => reviewed }).find(
        (state) => state.key === 'documents',
      );
      expect(documents).toMatchObject({ complete: false, note: 'Upload: Birth Certificate, Photo of the Student.' });
    }
  });

  it('judges filled values with the check it is given: the schemas, or on a first paint none', () => {
    const record = { living_status: 'Both Parents', mother_name: 'Joy Charles', email: 'not-an-email' };
    const facts = { documentsComplete: true, reviewed: () => true };
    const unjudged = stepStates(record, facts, () => true).find((state) => state.key === 'studentData')!;
    expect(unjudged.invalid).toEqual([]);
    expect(unjudged.missing).toEqual(registrationStepStates(record, facts).find((state) => state.key === 'studentData')!.missing);
    expect(stepStates(record, facts, (field) => field.name !== 'email').find((state) => state.key === 'studentData')!.invalid).toEqual(['E-mail']);
  });

  it('marks a parent’s name required only when the living status shows that parent', () => {
    const fatherName = fieldByName.get('father_name')!;
    expect(isFieldRequired(fatherName, { living_status: 'Father Only' })).toBe(true);
    expect(isFieldRequired(fatherName, { living_status: 'Mother Only' })).toBe(false);
    expect(isFieldRequired(fieldByName.get('guardian_name')!, { living_status: 'Guardian' })).toBe(true);
    expect(isFieldRequired(fieldByName.get('email')!, {})).toBe(true);
  });

  it('offers exactly the spec options for blood type, device type, marital and living status', () => {
    expect(fieldByName.get('blood_type')!.options).toEqual([
      'O-positive',
      'O-negative',
      'A-positive',
      'A-negative',
      'B-positive',
      'B-negative',
      'AB-positive',
      'AB-negative',
    ]);
    expect(fieldByName.get('device_type')!.options).toEqual(['None', 'Phone', 'Laptop', 'Desktop', 'Tablet', 'Other']);
    expect(fieldByName.get('mother_marital_status')!.options).toEqual(['Married', 'Single', 'Divorced', 'Widowed']);
    expect(fieldByName.get('living_status')!.options).toEqual(['Both Parents', 'Father Only', 'Mother Only', 'Guardian', 'Other']);
    expect(check('blood_type', 'Z-positive')).toBe('Choose one of the options.');
  });

  it('takes flags as 0 or 1', () => {
    expect(fieldSchema(fieldByName.get('asthma')!).parse(true)).toBe(1);
    expect(fieldSchema(fieldByName.get('asthma')!).parse(0)).toBe(0);
    expect(check('asthma', 2)).toBe('Must be 0 or 1.');
  });

  it('stores an empty answer as null and drops fields it does not know', () => {
    const parsed: Record<string, unknown> = studentSaveSchema.parse({ id: '20260001', updatedAt: 'x', email: '', password: 'hack', favourite_colour: 'red' });
    expect(parsed.email).toBeNull();
    expect(parsed).not.toHaveProperty('password');
    expect(parsed).not.toHaveProperty('favourite_colour');
  });

  it('has one field per spec name, none twice', () => {
    const names = studentFields.map((field) => field.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('living status and step completion (SPEC §4)', () => {
  it.each([
    ['Both Parents', ['mother', 'father']],
    ['Father Only', ['father']],
    ['Mother Only', ['mother']],
    ['Guardian', ['guardian']],
    ['Other', []],
  ])('%s shows %j', (status, sections) => {
    expect(parentsShown(status)).toEqual(sections);
  });

  it('counts the family step complete only with the shown parent named', () => {
    expect(isStepComplete({ living_status: 'Mother Only' }, 'familyData')).toBe(false);
    expect(isStepComplete({ living_status: 'Mother Only', mother_name: 'Joy Charles' }, 'familyData')).toBe(true);
    expect(isStepComplete({ living_status: 'Other' }, 'familyData')).toBe(true);
  });

  it('does not count a step with an invalid value as complete', () => {
    expect(isStepComplete({ living_status: 'Other', mobile_phone_mother: '12' }, 'familyData')).toBe(false);
  });
});

describe('the autosave body: its shape (readStudentSave), then the values it changes (changedSaveValues)', () => {
  afterEach(() => vi.useRealTimers());
  const { latest } = birthDateRange();
  const save = {
    id: ' 20260001 ',
    updatedAt: '2026-11-23T10:00:00.000Z',
    first_name: 'Aaliyah',
    email: '',
    asthma: true,
    living_status: 'Both Parents',
    mobile_phone_mother: '6281234',
    date_of_birth: latest,
    agree_terms_conditions: 0,
    terms_and_conditions: null,
    password: 'not a field',
  };
  /** The body as the route hands it on. */
  const read = (body: Record<string, unknown>) => readStudentSave({ ...body })!;
  /** What the schema makes of the body, but its id and version. */
  const { id: _id, updatedAt: _version, ...bySchema } = studentSaveSchema.parse(save);

  it('takes a body with the shape of a save, with its id and version as the schema makes them', () => {
    expect(read(save)).toMatchObject({ id: '20260001', updatedAt: save.updatedAt, first_name: 'Aaliyah', asthma: true });
  });

  it('answers, against an empty record, what the schema answers for each field, the first time and from memory', () => {
    for (let time = 0; time < 2; time += 1) expect(changedSaveValues(read(save), {})).toEqual(bySchema);
  });

  it('judges only what differs from the stored record, and counts as no change what the schema makes into the stored value', () => {
    const stored = { ...bySchema, email: 'kezia@example.tt' };
    expect(changedSaveValues(read(save), stored)).toEqual({ email: null });
    expect(changedSaveValues(read({ ...save, email: ' kezia@example.tt ' }), stored)).toEqual({});
    // A value sent as it is stored is not judged again, even one the schema would now refuse.
    expect(changedSaveValues(read({ ...save, email: 'kezia@example.tt', mobile_phone_mother: '12' }), { ...stored, mobile_phone_mother: '12' })).toEqual({});
    expect(changedSaveValues(read({ ...save, allergy: 'Peanuts' }), { ...bySchema })).toEqual({ allergy: 'Peanuts' });
  });

  it('leaves to the schema (and its errors) any body without the shape of a save, or with a change the schema refuses', () => {
    for (const body of [
      { ...save, first_name: ['Aaliyah'] },
      { ...save, first_name: { toString: 'x' } },
      { ...save, id: '' },
      { ...save, updatedAt: undefined },
      [save],
      'text',
      null,
    ]) {
      expect(readStudentSave(body)).toBeUndefined();
    }
    for (const body of [
      { ...save, email: 'not-an-email' },
      { ...save, asthma: 2 },
    ]) {
      expect(changedSaveValues(read(body), bySchema)).toBeUndefined();
      expect(studentSaveSchema.safeParse(body).success).toBe(false);
    }
  });

  // 60,000 saves, past the 50,000 answers the memory keeps: seconds of work, minutes on a busy machine.
  it('answers long values and very many different ones as the schema does', { timeout: 180_000 }, () => {
    const terms = 'I agree. '.repeat(1000);
    expect(changedSaveValues(read({ ...save, terms_and_conditions: terms }), bySchema)).toEqual({ terms_and_conditions: terms });
    expect(changedSaveValues(read({ ...save, first_name: 'A'.repeat(300) }), bySchema)).toBeUndefined();
    const wrong: string[] = [];
    for (let index = 0; index < 60_000; index += 1) {
      const allergy = changedSaveValues(read({ ...save, allergy: `note ${index}` }), bySchema)?.allergy;
      if (allergy !== `note ${index}`) wrong.push(`note ${index}: ${String(allergy)}`);
    }
    expect(wrong).toEqual([]);
    expect(changedSaveValues(read({ ...save, email: 'not-an-email' }), bySchema)).toBeUndefined();
  });

  it('judges a date of birth again on a new day', () => {
    expect(changedSaveValues(read(save), {})?.date_of_birth).toBe(latest);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${Number(latest.slice(0, 4)) - 1}-06-01T12:00:00Z`));
    // A year earlier she was under 9: the remembered answer of the other day does not count.
    expect(changedSaveValues(read(save), {})).toBeUndefined();
  });
});
