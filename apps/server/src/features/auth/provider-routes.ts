import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, messages } from '@school/contract';
import { NotFound, TooManyRequests } from '../../lib/errors.ts';
import { answerWithSession, secureCookies } from '../../session/sessions.ts';
import { writeAudit } from '../audit/index.ts';
import {
  finishProviderSignIn,
  PROVIDER_FLOW_COOKIE,
  PROVIDER_FLOW_PATH,
  PROVIDER_FLOW_SECONDS,
  ProviderRefusal,
  readFlow,
  signFlow,
  signInStaffWithProvider,
  startProviderSignIn,
  type ProviderProblem,
} from './provider-sign-in.ts';
import { signInAddressLimits } from './sign-in-limits.ts';
import { signInActions } from './throttle.ts';

const startQuery = z.object({ for: z.enum(['staff', 'student', 'guardian'], { message: messages.required }) });
const callbackQuery = z.object({}).catchall(z.string().max(4000));
/** Both calls answer a browser with a redirect: to the provider, or back to a sign-in screen or the dashboard. */
const redirects = { 303: z.null().describe('A redirect: its Location is where the browser goes next.'), ...errorResponses };

/** The staff sign-in screen, with why a sign-in with the provider was refused (decision 076). */
const staffSignInScreen = (problem: ProviderProblem) => `/admin?sign_in=${problem}`;

/** Sign-in with the school's own accounts at one OpenID provider (issue 52, decision 076). */
export async function providerRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const underAddressLimit = signInAddressLimits(deps);
  const flowCookie = { path: PROVIDER_FLOW_PATH, httpOnly: true, sameSite: 'lax' as const, secure: secureCookies(deps.config) };
  const settings = deps.config.provider;

  const refuse = (reply: FastifyReply, problem: ProviderProblem) => {
    reply.clearCookie(PROVIDER_FLOW_COOKIE, { path: PROVIDER_FLOW_PATH });
    return reply.redirect(staffSignInScreen(problem), 303);
  };

  app.get(
    `${PROVIDER_FLOW_PATH}/start`,
    { config: { access: 'visitor' }, schema: { querystring: startQuery, response: redirects } },
    async (request, reply) => {
      if (!settings) throw new NotFound(messages.notFound);
      if (request.query.for !== 'staff' || !settings.roles.includes('staff')) return refuse(reply, 'not-allowed');
      try {
        const { location, flow } = await startProviderSignIn(deps, settings);
        reply.setCookie(PROVIDER_FLOW_COOKIE, await signFlow(deps.db, flow), { ...flowCookie, maxAge: PROVIDER_FLOW_SECONDS });
        return reply.redirect(location, 303);
      } catch (error) {
        request.log.warn({ err: error }, 'the school’s sign-in provider could not be reached');
        return refuse(reply, 'failed');
      }
    },
  );

  app.get(
    `${PROVIDER_FLOW_PATH}/callback`,
    { config: { access: 'visitor' }, schema: { querystring: callbackQuery, response: redirects } },
    async (request, reply) => {
      if (!settings) throw new NotFound(messages.notFound);
      const actor = request.actor;
      try {
        const signedIn = await underAddressLimit(request, 'admin:provider', async () => {
          const flow = await readFlow(deps.db, request.cookies[PROVIDER_FLOW_COOKIE]);
          if (!flow) throw new ProviderRefusal('failed', 'the sign-in came back without its start, or too late');
          const claims = await finishProviderSignIn(deps, settings, flow, new URL(request.url, deps.config.portalUrl));
          return signInStaffWithProvider(deps, actor, settings, claims, request.headers['user-agent']);
        });
        reply.clearCookie(PROVIDER_FLOW_COOKIE, { path: PROVIDER_FLOW_PATH });
        answerWithSession(reply, deps.config, { answer: null, session: signedIn.session });
        return reply.redirect(signedIn.waitingFor.length > 0 ? `/admin?second_factor=${signedIn.waitingFor.join(',')}` : '/admin/dashboard', 303);
      } catch (error) {
        if (error instanceof TooManyRequests) return refuse(reply, 'throttled');
        if (!(error instanceof ProviderRefusal)) throw error;
        await deps.writeTransaction((trx) =>
          writeAudit(trx, actor, { action: signInActions.FAILED.admin, attempted: error.attempted, detail: `with ${settings.name}: ${error.detail}` }),
        );
        return refuse(reply, error.problem);
      }
    },
  );
}
