import { createHmac } from 'node:crypto';

/** What each sourcedId's HMAC signs before its key, so that it can never pass for a device cookie or a CSRF token signed with the same key. */
const PURPOSE = 'oneroster-sourced-id';

/**
 * A roster row's sourcedId (decision 075): the HMAC-SHA-256 of what the row is (`student:2026001`,
 * `class:2026:1A`) under the portal's own key, its first 128 bits written as a UUID of version 8
 * (RFC 9562's custom UUID). The same row always gets the same id, on every export; no one without
 * the key can tell from it which student, account or class it is, nor make the id of another.
 */
export function sourcedIdOf(secret: Buffer, key: string): string {
  const bytes = createHmac('sha256', secret).update(`${PURPOSE}:${key}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
