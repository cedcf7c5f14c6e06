import { messages } from '@school/contract/messages';

/** Why a sign-in with the school's provider came back refused, as the callback names it in the address (decision 076); null for none or a code it does not know. */
export const providerProblem = (code: string | null): string | null =>
  code !== null && Object.hasOwn(messages.providerSignIn, code) ? messages.providerSignIn[code as keyof typeof messages.providerSignIn] : null;

/** The second factors a sign-in with the school's provider waits for, as the callback names them in the address. */
export const waitingFactors = (named: string | null): Array<'app' | 'passkey'> =>
  (named ?? '').split(',').filter((kind): kind is 'app' | 'passkey' => kind === 'app' || kind === 'passkey');
