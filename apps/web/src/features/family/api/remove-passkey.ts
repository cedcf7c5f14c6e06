import { api } from '../../../api/client.ts';

/** DELETE /api/guardian/account/passkeys/{id}: one of her passkeys, by its handle. */
export const removePasskey = (id: number) => api<null>(`/api/guardian/account/passkeys/${id}`, { method: 'DELETE' });
