import { z } from 'zod';

/**
 * GET /api/health (decision 072): whether this server takes work, for a load balancer's check.
 * `ready` with 200 while it serves; `draining` with 503 from the moment it is told to stop, while
 * it finishes the requests under way.
 */
export const healthSchema = z
  .object({ status: z.enum(['ready', 'draining']) })
  .meta({ id: 'Health', description: '`ready` (200) while this server takes work; `draining` (503) once it is stopping.' });
export type Health = z.infer<typeof healthSchema>;
