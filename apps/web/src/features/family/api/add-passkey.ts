import type { PasskeyCreationOptions, PasskeyList } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { makePasskey } from '../../../api/passkeys.ts';

/** POST /api/guardian/account/passkeys/options, the browser's ceremony, then POST /api/guardian/account/passkeys with the name she gave it. */
export async function addPasskey(name: string): Promise<PasskeyList> {
  const options = await api<PasskeyCreationOptions>('/api/guardian/account/passkeys/options', { method: 'POST', body: {} });
  const response = await makePasskey(options);
  return api<PasskeyList>('/api/guardian/account/passkeys', { method: 'POST', body: { name, response } });
}
