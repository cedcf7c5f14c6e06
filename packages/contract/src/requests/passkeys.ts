import { z } from 'zod';
import { messages } from '../messages.ts';

/** Base64url text as WebAuthn answers carry it, up to `max` characters. */
const base64url = (max: number) =>
  z
    .string({ message: messages.passkeyNotAccepted })
    .max(max, messages.passkeyNotAccepted)
    .regex(/^[A-Za-z0-9_-]*$/, messages.passkeyNotAccepted);

/** What every credential answer carries: its ID (twice, as the browser gives it) and its kind. */
const credentialAnswer = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { message: messages.passkeyNotAccepted }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** A new passkey's attestation, as the browser's `navigator.credentials.create()` answers it (in JSON). */
export const passkeyAttestation = z.object({
  ...credentialAnswer,
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

/** A passkey's assertion, as the browser's `navigator.credentials.get()` answers it (in JSON). */
export const passkeyAssertion = z.object({
  ...credentialAnswer,
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(1024).optional(),
  }),
});

/** POST /api/account/passkeys: the passkey just made, with the name she gave it (decision 043). */
export const addPasskeyRequest = z.object({
  name: z.string({ message: messages.passkeyNameEmpty }).trim().min(1, messages.passkeyNameEmpty).max(60, messages.passkeyNameTooLong),
  response: passkeyAttestation,
});
export type AddPasskeyRequest = z.input<typeof addPasskeyRequest>;

/** POST /api/admin-login/passkey and POST /api/account/step-up/passkey: the passkey's answer to the challenge. */
export const passkeyAssertionRequest = z.object({ response: passkeyAssertion });
export type PasskeyAssertionRequest = z.input<typeof passkeyAssertionRequest>;

/** The calls that hand out a passkey challenge take nothing (an empty JSON object). */
export const passkeyOptionsRequest = z.object({});
