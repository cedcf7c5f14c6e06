import type { LetterLinkRequest } from '@school/contract/requests';
import { api } from '../../../api/client.ts';

/** POST /api/guardian-links: a daughter added with her letter's code and her date of birth; answers the server's message. */
export const addDaughter = (input: LetterLinkRequest) => api<{ message?: string }>('/api/guardian-links', { method: 'POST', body: input });
