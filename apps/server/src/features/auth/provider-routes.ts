import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, messages, providerSignInStartQuery } from '@school/contract';
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
  type ProviderKind,
  type ProviderProblem,
} from './provider-sign-in.ts';
import { signInGuardianWithProvider } from '../guardians/index.ts';
import { signInAddressLimits } from './sign-in-limits.ts';
import { signInActions } from './throttle.ts';

const callbackQuery = z.object({}).catchall(z.string().max(4000));
/** Both calls answer a browser with a redirect: to the provider, or back to a sign-in screen or the dashboard. */
const redirects = { 303: z.null().describe('A redirect: its Location is where the browser goes next.'), ...errorResponses };

/** Each kind of account's sign-in screen, the role OIDC_ROLES names it by, and the account its failures are audited as (decision 076). */
const kinds = {
  staff: { screen: '/admin', role: 'staff', failed: signInActions.FAILED.admin },
  guardian: { screen: '/parents', role: 'guardians', failed: signInActions.FAILED.guardian },
} as const;

/** Sign-in with the school's own accounts at one OpenID provider (issue 52, decision 076). */
export async function providerRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const underAddressLimit = signInAddressLimits(deps);
  const flowCookie = { path: PROVIDER_FLOW_PATH, httpOnly: true, sameSite: 'lax' as const, secure: secureCookies(deps.config) };
  const settings = deps.config.provider;

  /** Back to the sign-in screen of the kind of account, saying why. */
  const refuse = (reply: FastifyReply, kind: ProviderKind, problem: ProviderProblem) => {
    reply.clearCookie(PROVIDER_FLOW_COOKIE, { path: PROVIDER_FLOW_PATH });
    return reply.redirect(`${kinds[kind].screen}?sign_in=${problem}`, 303);
  };

  app.get(
    `${PROVIDER_FLOW_PATH}/start`,
    { config: { access: 'visitor' }, schema: { querystring: providerSignInStartQuery, response: redirects } },
    async (request, reply) => {
      if (!settings) throw new NotFound(messages.notFound);
      const kind = request.query.for === 'student' ? null : request.query.for;
      if (!kind) return refuse(reply, 'staff', 'not-allowed');
      if (!settings.roles.includes(kinds[kind].role)) return refuse(reply, kind, 'not-allowed');
      try {
        const { location, flow } = await startProviderSignIn(deps, settings, kind);
        reply.setCookie(PROVIDER_FLOW_COOKIE, await signFlow(deps.db, flow), { ...flowCookie, maxAge: PROVIDER_FLOW_SECONDS });
        return reply.redirect(location, 303);
      } catch (error) {
        request.log.warn({ err: error }, 'the school’s sign-in provider could not be reached');
        return refuse(reply, kind, 'failed');
      }
    },
  );

  app.get(
    `${PROVIDER_FLOW_PATH}/callback`,
    { config: { access: 'visitor' }, schema: { querystring: callbackQuery, response: redirects } },
    async (request, reply) => {
      if (!settings) throw new NotFound(messages.notFound);
      const actor = request.actor;
      // Without its cookie the sign-in's kind is unknown: a refusal goes back to the staff's screen.
      let kind = 'staff' as ProviderKind;
      try {
        const signedIn = await underAddressLimit(request, 'admin:provider', async () => {
          const flow = await readFlow(deps.db, request.cookies[PROVIDER_FLOW_COOKIE]);
          if (!flow) throw new ProviderRefusal('failed', 'the sign-in came back without its start, or too late');
          kind = flow.for;
          const claims = await finishProviderSignIn(deps, settings, flow, new URL(request.url, deps.config.portalUrl));
          if (flow.for === 'guardian') {
            const guardian = await signInGuardianWithProvider(deps, actor, claims, settings.name);
            const waitingFor = guardian.answer.second_factor === 'required' ? (guardian.answer.second_factors ?? ['app']) : [];
            return { session: guardian.session, waitingFor };
          }
          return signInStaffWithProvider(deps, actor, settings, claims, request.headers['user-agent']);
        });
        reply.clearCookie(PROVIDER_FLOW_COOKIE, { path: PROVIDER_FLOW_PATH });
        answerWithSession(reply, deps.config, { answer: null, session: signedIn.session });
        const done = kind === 'guardian' ? '/family' : '/admin/dashboard';
        return reply.redirect(signedIn.waitingFor.length > 0 ? `${kinds[kind].screen}?second_factor=${signedIn.waitingFor.join(',')}` : done, 303);
      } catch (error) {
        if (error instanceof TooManyRequests) return refuse(reply, kind, 'throttled');
        if (!(error instanceof ProviderRefusal)) throw error;
        await deps.writeTransaction((trx) =>
          writeAudit(trx, actor, { action: kinds[kind].failed, attempted: error.attempted, detail: `with ${settings.name}: ${error.detail}` }),
        );
        return refuse(reply, kind, error.problem);
      }
    },
  );
}
