import { checkCurrentPasswordRequest, errorResponses, messageSchema } from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkCurrentStudentPassword } from './service.ts';

/**
 * `POST /api/check-current-password`: the first step of the two-step change-password screen
 * (SPEC §2) checks the current password before the new one is asked for. A wrong answer is a
 * password guess, so it is throttled and counted as a failed sign-in of the account.
 */
export async function currentPasswordRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.post(
    '/api/check-current-password',
    {
      config: { access: 'signed-in' },
      schema: {
        body: checkCurrentPasswordRequest,
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => checkCurrentStudentPassword(deps, request.actor, request.body.current_password),
  );
}
