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
  signInStudentWithProvider,
  startProviderSignIn,
  type ProviderKind,
  type ProviderProblem,
  type ProviderSignIn,
} from './provider-sign-in.ts';
import { signInAddressLimits } from './sign-in-limits.ts';
import { signInActions } from './throttle.ts';

const callbackQuery = z.object({}).catchall(z.string().max(4000));
/** Both calls answer a browser with a redirect: to the provider, or back to a sign-in screen or the dashboard. */
const redirects = { 303: z.null().describe('A redirect: its Location is where the browser goes next.'), ...errorResponses };

/**
 * Each kind of account's sign-in screen, where she goes once signed in, the role OIDC_ROLES names
 * it by, and the account its failures are audited as (decision 076).
 */
const kinds = {
  staff: { screen: '/admin', done: '/admin/dashboard', role: 'staff', failed: signInActions.FAILED.admin },
  student: { screen: '/', done: '/dashboard', role: 'students', failed: signInActions.FAILED.student },
  guardian: { screen: '/parents', done: '/family', role: 'guardians', failed: signInActions.FAILED.guardian },
} as const;

/**
 * Sign-in with the school's own accounts at one OpenID provider (issue 52, decision 076). The
 * guardians' sign-in is theirs, given by the app that puts the features together.
 */
export const providerRoutes = (signIns: { guardian: ProviderSignIn }) =>
  async function providerRoutes(instance: FastifyInstance): Promise<void> {
    const signInOf: Record<ProviderKind, ProviderSignIn> = { staff: signInStaffWithProvider, student: signInStudentWithProvider, guardian: signIns.guardian };
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
        const kind = request.query.for;
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
            // A sign-in started before OIDC_ROLES stopped naming its kind is not finished.
            if (!settings.roles.includes(kinds[kind].role)) throw new ProviderRefusal('not-allowed', `${kinds[kind].role} may not sign in with it`);
            const claims = await finishProviderSignIn(deps, settings, flow, new URL(request.url, deps.config.portalUrl));
            return signInOf[kind](deps, actor, settings, claims, request.headers['user-agent']);
          });
          reply.clearCookie(PROVIDER_FLOW_COOKIE, { path: PROVIDER_FLOW_PATH });
          answerWithSession(reply, deps.config, { answer: null, session: signedIn.session });
          return reply.redirect(
            signedIn.waitingFor.length > 0 ? `${kinds[kind].screen}?second_factor=${signedIn.waitingFor.join(',')}` : kinds[kind].done,
            303,
          );
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
  };
