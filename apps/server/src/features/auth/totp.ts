import { createHash, createHmac, randomBytes } from 'node:crypto';

/** RFC 4648 base32, as authenticator apps read a secret. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Seconds a code lasts (RFC 6238's default, which every authenticator app uses). */
export const TOTP_PERIOD_S = 30;

/** Bytes as base32 without padding. */
export function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(value << (5 - bits)) & 31];
  return text;
}

function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const character of text.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | BASE32.indexOf(character);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret of 160 random bits (RFC 4226's recommended length), in base32. */
export const newTotpSecret = (): string => toBase32(randomBytes(20));

/** The time step of an instant (milliseconds since 1970). */
export const timeStep = (ms: number = Date.now()): number => Math.floor(ms / 1000 / TOTP_PERIOD_S);

/** The 6-digit code of a secret at a time step (RFC 6238 with HMAC-SHA1, RFC 4226's truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', fromBase32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The time step whose code `code` is, among the step now and one each side (a phone's clock a
 * little off, a code typed as it changed), or null.
 */
export function stepOfCode(secret: string, code: string, now: number = Date.now()): number | null {
  const current = timeStep(now);
  for (const step of [current, current - 1, current + 1]) if (totpCode(secret, step) === code) return step;
  return null;
}

/** The address an authenticator app reads from a QR code: the account, the school as issuer, and the secret. */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=${TOTP_PERIOD_S}`;
}

/** A recovery code as shown once: 10 base32 characters in two groups ("ABCDE-FGHIJ"). */
export function newRecoveryCode(): string {
  const text = toBase32(randomBytes(7)).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

/** A recovery code as stored: the SHA-256 of its characters, whatever the case, spaces or hyphens typed. */
export const recoveryCodeHash = (code: string): string => createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('base64url');
