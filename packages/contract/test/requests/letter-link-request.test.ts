import { describe, expect, it } from 'vitest';
import { letterLinkRequest } from '../../src/index.ts';

describe('letterLinkRequest (POST /api/guardian-links)', () => {
  const typed = { student_id: '20260001', code: 'k7qd m3wx-9p', date_of_birth: '2012-07-23' };

  it("reads a code as printed however it is typed, and takes 'guardian' for a relationship not given", () => {
    expect(letterLinkRequest.parse(typed)).toEqual({ ...typed, code: 'K7QDM3WX9P', relationship: 'guardian' });
    expect(letterLinkRequest.parse({ ...typed, relationship: 'mother' }).relationship).toBe('mother');
  });

  it('refuses a code of the wrong length and a relationship the portal does not know', () => {
    expect(letterLinkRequest.safeParse({ ...typed, code: 'K7QD-M3WX' }).success).toBe(false);
    expect(letterLinkRequest.safeParse({ ...typed, relationship: 'neighbour' }).success).toBe(false);
  });
});
