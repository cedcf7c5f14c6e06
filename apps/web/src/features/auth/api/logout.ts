import { api } from '../../../api/client.ts';

/** POST /logout. A session that already ended is signed out all the same. */
export async function logout(): Promise<void> {
  try {
    await api<void>('/logout', { method: 'POST' });
  } catch {
    // Nothing to undo: the session is gone either way.
  }
}
