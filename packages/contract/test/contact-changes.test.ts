import { describe, expect, it } from 'vitest';
import { contactChangeFields, contactFieldLabel, parentReachFields, shownContactValue, statusOfDecisions } from '../src/contact-changes.ts';

const names = (relationship: Parameters<typeof contactChangeFields>[0]) => contactChangeFields(relationship).map((field) => field.name);
const emergency = ['emergency_contact', 'emergency_home_phone', 'relative_in_school', 'relation_to_child'];

describe('the fields of a contact change (decision 066)', () => {
  it('are her own section’s contact details by her link, then the emergency contact, in the record’s order', () => {
    expect(names('father')).toEqual([
      'father_name',
      'father_home_address',
      'father_occupation',
      'father_business_place',
      'father_business_address',
      'father_home_phone',
      'father_business_phone',
      'mobile_phone_father',
      'email_father',
      ...emergency,
    ]);
    // The guardian section's spellings (SPEC §3).
    expect(names('guardian')).toEqual(expect.arrayContaining(['guardian_name', 'home_address_guardian', 'home_phone_guardian', 'business_phone_guardian']));
    expect(names('mother').some((name) => name.includes('father'))).toBe(false);
  });

  it('leave out the marital status and the ID card, and give a link as other the emergency contact only', () => {
    for (const who of ['mother', 'father', 'guardian'] as const) {
      expect(names(who)).not.toContain(`${who}_marital_status`);
      expect(names(who)).not.toContain(`id_card_${who}`);
    }
    expect(names('other')).toEqual(emergency);
  });

  it('name a parent’s e-mail and phones as what reaches her, never a name or an address', () => {
    expect(parentReachFields).toEqual(expect.arrayContaining(['email_mother', 'mobile_phone_father', 'home_phone_guardian', 'mother_business_phone']));
    expect(parentReachFields).toHaveLength(12);
    expect(parentReachFields).not.toContain('mother_name');
    expect(parentReachFields).not.toContain('emergency_home_phone');
  });

  it('read as people read them', () => {
    expect(contactFieldLabel('mobile_phone_father')).toBe('Mobile Phone (Father)');
    expect(contactFieldLabel('emergency_contact')).toBe('Emergency Contact Name');
    expect(shownContactValue('mobile_phone_father', '6209999')).toBe('1868-620-9999');
    expect(shownContactValue('father_name', null)).toBe('Empty');
    expect(shownContactValue('father_name', 'Mark')).toBe('Mark');
  });

  it('make a change’s state from its decisions', () => {
    expect(statusOfDecisions(['approved', 'approved'])).toBe('approved');
    expect(statusOfDecisions(['declined'])).toBe('declined');
    expect(statusOfDecisions(['approved', 'declined'])).toBe('partly_approved');
  });
});
