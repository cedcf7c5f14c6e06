import { z } from 'zod';

/** A WebAuthn credential named in options: its ID and how the browser may reach it. */
const credentialDescriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() }).loose();

/** The portal's own address (PORTAL_URL's origin), where its passkeys work; null when PORTAL_URL is not set. */
const portalUrl = z.string().nullable().optional();

/**
 * POST /api/account/passkeys/options: what the browser's `navigator.credentials.create()` takes
 * (in JSON) to make a passkey for this portal (decision 043), and the portal's own address, so that
 * a page opened elsewhere can say where to go. Fields the WebAuthn standard adds later pass through
 * unchanged.
 */
export const passkeyCreationOptionsSchema = z
  .object({
    challenge: z.string(),
    rp: z.object({ id: z.string().optional(), name: z.string() }).loose(),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }).loose(),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') }).loose()),
    timeout: z.number().optional(),
    excludeCredentials: z.array(credentialDescriptor).optional(),
    portal_url: portalUrl,
  })
  .loose();
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/**
 * POST /api/admin-login/passkey/options, POST /api/guardian-login/passkey/options, POST
 * /api/account/step-up/passkey/options: what `navigator.credentials.get()` takes (in JSON).
 */
export const passkeyRequestOptionsSchema = z
  .object({
    challenge: z.string(),
    rpId: z.string().optional(),
    timeout: z.number().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    portal_url: portalUrl,
  })
  .loose();
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

/** One of her passkeys (a staff member's or a guardian's), as her account page lists it. */
export const passkeySchema = z.object({
  /** The handle to remove it by. */
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/account/passkeys: her passkeys, oldest first. */
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;
