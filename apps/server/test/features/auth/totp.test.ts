import { describe, expect, it } from 'vitest';
import { otpauthUrl, recoveryCodeHash, stepOfCode, timeStep, toBase32, totpCode } from '../../../src/features/auth/totp.ts';

/** RFC 6238's test secret for SHA-1: the ASCII of "12345678901234567890". */
const RFC_SECRET = toBase32(Buffer.from('12345678901234567890'));

describe('authenticator-app codes (RFC 6238)', () => {
  it("gives the RFC's test values, as their last six digits", () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCode(RFC_SECRET, timeStep(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, timeStep(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, timeStep(1_234_567_890_000))).toBe('005924');
    expect(totpCode(RFC_SECRET, timeStep(20_000_000_000_000))).toBe('353130');
  });

  it('accepts the code of the step before or after, and no further', () => {
    const now = 1_700_000_000_000;
    const step = timeStep(now);
    expect(stepOfCode(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now)).toBe(step - 1);
    expect(stepOfCode(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now)).toBe(step + 1);
    expect(stepOfCode(RFC_SECRET, totpCode(RFC_SECRET, step - 2), now)).toBeNull();
  });

  it('names the school and the account in the address of the QR code', () => {
    expect(otpauthUrl("St. Brigid's", 'office1', 'ABC')).toBe(
      "otpauth://totp/St.%20Brigid's%3Aoffice1?secret=ABC&issuer=St.%20Brigid's&algorithm=SHA1&digits=6&period=30",
    );
  });

  it('reads a recovery code the same whatever its case, spaces or hyphen', () => {
    expect(recoveryCodeHash('abcde fghij')).toBe(recoveryCodeHash('ABCDE-FGHIJ'));
    expect(recoveryCodeHash('ABCDE-FGHIK')).not.toBe(recoveryCodeHash('ABCDE-FGHIJ'));
  });
});
