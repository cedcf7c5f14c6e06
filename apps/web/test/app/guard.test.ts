import { describe, expect, it } from 'vitest';
import { redirectFor } from '../../src/app/guard.tsx';

const visitor = { authenticated: false, admin: false, restricted: false };
const student = { authenticated: true, admin: false, restricted: false };
const newStudent = { authenticated: true, admin: false, restricted: true };
const admin = { authenticated: true, admin: true, restricted: false };
const guardian = { authenticated: true, kind: 'guardian' as const, admin: false, restricted: false };

describe('the route guard (DESIGN §5)', () => {
  it('sends a visitor on a signed-in page to sign-in', () => {
    expect(redirectFor('student', visitor)).toBe('/');
    expect(redirectFor('admin', visitor)).toBe('/admin');
    expect(redirectFor('visitors', visitor)).toBeNull();
  });

  it('sends a signed-in student away from the sign-in pages to student data', () => {
    expect(redirectFor('visitors', student)).toBe('/registration/student-data');
    expect(redirectFor('student', student)).toBeNull();
  });

  it('treats a student who must still set her password as not signed in', () => {
    expect(redirectFor('visitors', newStudent)).toBeNull();
    expect(redirectFor('student', newStudent)).toBe('/');
  });

  it('keeps students out of the admin area and admins in theirs', () => {
    expect(redirectFor('admin', student)).toBe('/dashboard');
    expect(redirectFor('student', admin)).toBe('/admin/dashboard');
    expect(redirectFor('visitors', admin)).toBe('/admin/dashboard');
    expect(redirectFor('admin', admin)).toBeNull();
  });

  it('sends staff who must set up a second factor to the enrolment screen from every staff page, and lets her sign out', () => {
    const mustEnrol = { ...admin, must_enrol_second_factor: true };
    expect(redirectFor('admin', mustEnrol)).toBe('/admin/enrol');
    expect(redirectFor('admin', { ...admin, must_enrol_second_factor: false })).toBeNull();
    // A first password comes before the second factor.
    expect(redirectFor('admin', { ...mustEnrol, restricted: true })).toBe('/admin');
  });

  it('lets a guardian reach the family’s pages only, sending her from every other to her daughters (decision 062)', () => {
    expect(redirectFor('family', guardian)).toBeNull();
    for (const kind of ['student', 'admin', 'visitors', 'family-visitors'] as const) expect(redirectFor(kind, guardian)).toBe('/family');
  });

  it('keeps students and staff out of the family’s pages, and sends a visitor to the family’s sign-in', () => {
    expect(redirectFor('family', student)).toBe('/dashboard');
    expect(redirectFor('family', admin)).toBe('/admin/dashboard');
    expect(redirectFor('family', visitor)).toBe('/parents');
    expect(redirectFor('family', newStudent)).toBe('/parents');
    expect(redirectFor('family-visitors', visitor)).toBeNull();
    expect(redirectFor('family-visitors', student)).toBe('/registration/student-data');
    expect(redirectFor('family-visitors', admin)).toBe('/admin/dashboard');
  });
});
