import type { ContactChangeRequest } from '@school/contract/requests';
import type { ContactChangeSent } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** POST /api/contact-changes: her new values for her own details in a daughter's record, for the school office to answer (decision 066). */
export const sendContactChange = (input: ContactChangeRequest) => api<ContactChangeSent>('/api/contact-changes', { method: 'POST', body: input });
