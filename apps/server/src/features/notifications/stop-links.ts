import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * What a stop link stops: the absence messages about one student to one address. `schoolYear` is
 * the school year of the message that carries it (2025 for 2025-2026): the link expires with it.
 */
export type StopRequest = { studentId: string; recipient: string; schoolYear: number };

/** The school year of a school date (yyyy-MM-dd): September starts one (decision 045). */
export const schoolYearOf = (date: string): number => Number(date.slice(0, 4)) - (Number(date.slice(5, 7)) >= 9 ? 0 : 1);

/** Whether a stop link has expired on the school date `today`: after the last day (31 August) of its message's school year (decision 058). */
export const stopLinkExpired = (request: StopRequest, today: string): boolean => today > `${request.schoolYear + 1}-08-31`;

/** The signature's purpose, so that no other signed value of the portal's key can pass for a stop link. */
const PURPOSE = 'notification-stop:absence:';

const payloadSchema = z.object({ s: z.string().min(1).max(40), r: z.string().min(3).max(254), y: z.number().int().min(2000).max(2200) });

const sign = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest('base64url');

/** The token of a stop link: what it stops, and the portal's signature of it. */
export function stopToken(secret: Buffer, { studentId, recipient, schoolYear }: StopRequest): string {
  const payload = Buffer.from(JSON.stringify({ s: studentId, r: recipient, y: schoolYear })).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** What a stop link's token stops, or null when the token is not one the portal signed (a link made before links expired, without its year, included). */
export function readStopToken(secret: Buffer, token: string): StopRequest | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? { studentId: parsed.data.s, recipient: parsed.data.r, schoolYear: parsed.data.y } : null;
  } catch {
    return null;
  }
}

/** The stop link a message about a student carries to one parent's address. */
export const stopLink = (portalUrl: string, secret: Buffer, request: StopRequest): string =>
  `${portalUrl}/api/notifications/stop?token=${encodeURIComponent(stopToken(secret, request))}`;
