import type { StepKey } from './progress-steps.ts';

/**
 * The student record of SPEC §3, field by field. Names are the spec's, misspellings included
 * (`achivements`, `other_learning_disablity`): they are the contract. The database columns, the
 * zod schema, the wizard's fields and the spreadsheet export are all derived from this one list.
 */

export const bloodTypes = ['O-positive', 'O-negative', 'A-positive', 'A-negative', 'B-positive', 'B-negative', 'AB-positive', 'AB-negative'] as const;
export const deviceTypes = ['None', 'Phone', 'Laptop', 'Desktop', 'Tablet', 'Other'] as const;
export const maritalStatuses = ['Married', 'Single', 'Divorced', 'Widowed'] as const;
export const livingStatuses = ['Both Parents', 'Father Only', 'Mother Only', 'Guardian', 'Other'] as const;
export const sexes = ['F', 'M'] as const;

export type FieldKind =
  /** free text up to `max` characters */
  | 'text'
  /** e-mail address up to `max` characters */
  | 'email'
  /** seven digits after the fixed 1868 prefix */
  | 'phone'
  /** digits only, at most 2 characters (family numbers) */
  | 'count'
  /** yyyy-MM-dd; which dates are allowed is the field's `dates` rule */
  | 'date'
  /** 0 or 1 */
  | 'flag'
  /** one of `options` */
  | 'choice'
  /** a code from a reference list (town, religion, ...) */
  | 'reference';

export type FieldDef = {
  name: string;
  label: string;
  kind: FieldKind;
  step: StepKey;
  /** Section heading within the step, as the spec groups fields. */
  section: string;
  max?: number;
  options?: readonly string[];
  /** Which reference list a 'reference' field draws from. */
  list?: 'towns' | 'religions' | 'ethnicGroups' | 'regionalCorporations' | 'houses' | 'formClasses';
  /** Needed for the step to count as complete. */
  required?: boolean;
  /** Students never change it (set by the school). */
  schoolOnly?: boolean;
  /** Parent section the field belongs to, for living-status visibility. */
  parent?: 'mother' | 'father' | 'guardian';
  /**
   * Which dates a 'date' field takes (decision 027): 'past' no future day (the default), 'any' a
   * future day too (a permit's expiry), 'birth' 9 to 25 years before today (a secondary student).
   */
  dates?: 'past' | 'any' | 'birth';
};

type Partial0 = Omit<FieldDef, 'step' | 'section'>;

const section = (step: StepKey, title: string, fields: Partial0[]): FieldDef[] => fields.map((field) => ({ ...field, step, section: title }));

const text = (name: string, label: string, max: number, extra: Partial<Partial0> = {}): Partial0 => ({ name, label, kind: 'text', max, ...extra });
const flag = (name: string, label: string): Partial0 => ({ name, label, kind: 'flag' });
const phone = (name: string, label: string, extra: Partial<Partial0> = {}): Partial0 => ({ name, label, kind: 'phone', ...extra });

/** The eleven fields of one parent or guardian section; names follow the spec's varied spellings. */
function parentSection(who: 'mother' | 'father' | 'guardian', title: string): FieldDef[] {
  const isGuardian = who === 'guardian';
  const addressName = isGuardian ? 'home_address_guardian' : `${who}_home_address`;
  const homePhoneName = isGuardian ? 'home_phone_guardian' : `${who}_home_phone`;
  const businessPhoneName = isGuardian ? 'business_phone_guardian' : `${who}_business_phone`;
  return section('familyData', title, [
    text(`${who}_name`, 'Name', isGuardian ? 30 : 35, { parent: who }),
    { name: `${who}_marital_status`, label: 'Marital Status', kind: 'choice', options: maritalStatuses, parent: who },
    text(addressName, 'Home Address', 255, { parent: who }),
    text(`${who}_occupation`, 'Occupation', isGuardian ? 50 : 35, { parent: who }),
    text(`${who}_business_place`, 'Place of Employment', 50, { parent: who }),
    text(`${who}_business_address`, 'Work Address', 50, { parent: who }),
    phone(homePhoneName, 'Home Phone', { parent: who }),
    phone(businessPhoneName, 'Work Phone', { parent: who }),
    phone(`mobile_phone_${who}`, 'Mobile Phone', { parent: who }),
    { name: `email_${who}`, label: 'E-mail', kind: 'email', max: 50, parent: who },
    text(`id_card_${who}`, 'ID Card Number', 20, { parent: who }),
  ]);
}

export const studentFields: readonly FieldDef[] = [
  ...section('studentData', 'Identity', [
    text('first_name', 'First Name', 20, { required: true }),
    text('middle_name', 'Other Name', 20),
    text('last_name', 'Last Name', 20, { required: true }),
    { name: 'sex', label: 'Sex', kind: 'choice', options: sexes, required: true },
    { name: 'house_code', label: 'House', kind: 'reference', list: 'houses', schoolOnly: true },
    { name: 'class_id', label: 'Class', kind: 'reference', list: 'formClasses', schoolOnly: true },
  ]),
  ...section('studentData', 'Contact', [
    text('home_address', 'Home Address', 100, { required: true }),
    { name: 'address_line_2', label: 'Town', kind: 'reference', list: 'towns', max: 100, required: true },
    { name: 'regional_corporation', label: 'Regional Corporation', kind: 'reference', list: 'regionalCorporations', max: 100, required: true },
    phone('phone_home', 'Home Phone'),
    { name: 'email', label: 'E-mail', kind: 'email', max: 50, required: true },
    { name: 'blood_type', label: 'Blood Type', kind: 'choice', options: bloodTypes },
  ]),
  ...section('studentData', 'School Background', [
    text('previous_school', 'Previous (Primary) School', 50, { required: true }),
    text('sea_no', 'SEA Number', 15),
    { name: 'religion_code', label: 'Religion', kind: 'reference', list: 'religions', max: 10, required: true },
    { name: 'ethnic_group_code', label: 'Ethnic Group', kind: 'reference', list: 'ethnicGroups', max: 10, required: true },
  ]),
  ...section('studentData', 'Birth', [
    { name: 'date_of_birth', label: 'Date of Birth', kind: 'date', dates: 'birth', required: true },
    text('birth_certificate_no', 'Birth Certificate PIN', 15, { required: true }),
    text('place_of_birth', 'Country of Birth', 25, { required: true }),
    text('nationality', 'Nationality', 25, { required: true }),
  ]),
  ...section('studentData', 'Immigration Permit', [flag('immigration_permit', 'The student holds an immigration permit')]),
  ...section('studentData', 'Section 7: Immigration Permit Dates', [
    { name: 'permit_issue_date', label: 'Permit Issue Date', kind: 'date' },
    { name: 'permit_expiry_date', label: 'Permit Expiry Date', kind: 'date', dates: 'any' },
  ]),
  ...section('familyData', 'Living Status', [
    { name: 'living_status', label: 'The student lives with', kind: 'choice', options: livingStatuses, required: true },
  ]),
  ...parentSection('mother', 'Mother'),
  ...parentSection('father', 'Father'),
  ...parentSection('guardian', 'Guardian'),
  ...section('familyData', 'Family', [
    { name: 'no_in_family', label: 'Number of Children in Family', kind: 'count' },
    { name: 'no_at_home', label: 'Number of Children at Home', kind: 'count' },
    { name: 'place_in_family', label: 'Place in Family', kind: 'count' },
  ]),
  ...section('familyData', 'Emergency Contact', [
    text('emergency_contact', 'Emergency Contact Name', 50),
    phone('emergency_home_phone', 'Emergency Contact Phone'),
    text('relative_in_school', 'Relative in School (work place or phone)', 50),
    text('relation_to_child', 'Relation to Child', 50),
  ]),
  ...section('healthData', 'Immunization', [
    flag('hepatitis', 'Hepatitis'),
    flag('polio', 'Polio'),
    flag('diphtheria', 'Diphtheria'),
    flag('tetanus', 'Tetanus'),
    flag('yellow_fever', 'Yellow Fever'),
    flag('measles', 'Measles'),
    flag('tb', 'TB'),
    flag('chicken_pox', 'Chicken Pox'),
    flag('typhoid', 'Typhoid'),
    flag('rheumatic_fever', 'Rheumatic Fever'),
  ]),
  ...section('healthData', 'Conditions', [
    flag('poor_eyesight', 'Poor Eyesight'),
    flag('poor_hearing', 'Poor Hearing'),
    flag('diabetes', 'Diabetes'),
    flag('asthma', 'Asthma'),
    flag('epilepsy', 'Epilepsy'),
    flag('heart_condition', 'Heart Condition'),
    flag('skin_disorder', 'Skin Disorder'),
    flag('depression', 'Depression'),
    flag('anxiety', 'Anxiety'),
  ]),
  ...section('healthData', 'Learning Challenges', [
    flag('dyslexia', 'Dyslexia'),
    flag('dyscalculia', 'Dyscalculia'),
    flag('dysgraphia', 'Dysgraphia'),
    flag('non_verbal', 'Non-verbal Learning Disability'),
    flag('apraxia', 'Apraxia'),
    flag('attention_deficit', 'Attention Deficit'),
    flag('adhd', 'ADHD'),
    flag('autism', 'Autism'),
    flag('cerebral_palsy', 'Cerebral Palsy'),
  ]),
  ...section('healthData', 'Health Notes', [
    text('medical_history', 'Medical History', 1000),
    text('other_illness', 'Other Illness', 1000),
    text('allergy', 'Allergies', 1000),
    text('other_learning_disablity', 'Other Learning Disability', 1000),
  ]),
  ...section('otherData', 'Special Consideration', [text('special_consideration', 'Special Consideration', 1000)]),
  ...section('otherData', 'Achievements', [text('achivements', 'Extra-curricular Achievements', 1000)]),
  ...section('otherData', 'Devices and Support', [
    { name: 'device_type', label: 'Device Type', kind: 'choice', options: deviceTypes, required: true },
    flag('internet_access', 'Internet access at home'),
    flag('school_feeding', 'School feeding programme'),
    flag('social_welfare', 'Social welfare'),
    flag('transport', 'Needs transport'),
  ]),
];

/** Fields of the Complete step, saved with the record but not part of steps 1–4. */
export const agreementFields = ['terms_and_conditions', 'agree_terms_conditions'] as const;

export const fieldByName: ReadonlyMap<string, FieldDef> = new Map(studentFields.map((field) => [field.name, field]));

const parentTitle = { mother: 'Mother', father: 'Father', guardian: 'Guardian' } as const;

/** A field's name for people: the wizard's label, with the parent's title before a parent field's ('Mother Mobile Phone'). */
export const fieldHeader = (field: FieldDef): string => (field.parent ? `${parentTitle[field.parent]} ${field.label}` : field.label);
