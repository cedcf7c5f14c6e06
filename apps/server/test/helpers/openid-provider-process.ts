/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1, in a process of its own so that its clock
 * can run ahead of or behind the portal's (CLOCK_SKEW_SECONDS). It has its own signing key, the
 * users of PROVIDER_USERS (each with its e-mail, whether verified, its `amr`, or disabled), one
 * client, and for a login page a form asking for a user's id, sent to `GET /interaction/{uid}/login?user={id}`,
 * which signs that user in (a disabled one is refused, as a school's directory refuses her). It prints its issuer.
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

export type ProviderUser = { id: string; email: string; email_verified: boolean; amr?: string[]; acr?: string; disabled?: boolean };

const skewMs = Number(process.env.CLOCK_SKEW_SECONDS ?? 0) * 1000;
if (skewMs !== 0) {
  const realNow = Date.now;
  Date.now = () => realNow() + skewMs;
}

const users = new Map((JSON.parse(process.env.PROVIDER_USERS ?? '[]') as ProviderUser[]).map((user) => [user.id, user]));
const port = Number(process.env.PROVIDER_PORT ?? 0);
const host = '127.0.0.1';

const server = http.createServer();
await new Promise<void>((resolve) => server.listen(port, host, resolve));
const address = server.address();
if (!address || typeof address === 'string') throw new Error('the provider has no port');
const issuer = `http://${host}:${address.port}`;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.PROVIDER_CLIENT_ID ?? 'portal',
      client_secret: process.env.PROVIDER_CLIENT_SECRET ?? 'portal-secret',
      redirect_uris: (process.env.PROVIDER_REDIRECT_URIS ?? '').split(',').filter(Boolean),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  jwks: { keys: [signingKey] },
  cookies: { keys: ['test-provider-cookie-key'] },
  claims: {
    acr: null,
    amr: null,
    auth_time: null,
    iss: null,
    sid: null,
    openid: ['sub', 'acr', 'amr', 'auth_time'],
    email: ['email', 'email_verified'],
    profile: ['name'],
  },
  // The e-mail claims go in the ID token, as Google's and Microsoft's do.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
  // Consent is the school's: every sign-in is granted the scopes it asks for.
  async loadExistingGrant(ctx: { oidc: { client: { clientId: string }; session: { accountId: string }; provider: Provider } }) {
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile');
    await grant.save();
    return grant;
  },
  async findAccount(_ctx: unknown, id: string) {
    const user = users.get(id);
    if (!user || user.disabled) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, email: user.email, email_verified: user.email_verified, name: id }) };
  },
  pkce: { required: () => true },
});

const handler = provider.callback();
server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
  const url = new URL(request.url ?? '/', issuer);
  const page = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
  if (page) {
    // The login page a browser sees: one field, the user's id.
    response.setHeader('content-type', 'text/html; charset=utf-8');
    return response.end(
      `<!doctype html><html lang="en"><head><title>Test provider sign-in</title></head><body><main><h1>Test provider sign-in</h1>` +
        `<form method="get" action="/interaction/${page[1]}/login"><label for="user">User</label> <input id="user" name="user" autocomplete="username">` +
        ` <button type="submit">Continue</button></form></main></body></html>`,
    );
  }
  const login = /^\/interaction\/([\w-]+)\/login$/.exec(url.pathname);
  if (!login) return handler(request, response);
  void (async () => {
    const user = users.get(url.searchParams.get('user') ?? '');
    const result =
      !user || user.disabled
        ? { error: 'access_denied', error_description: 'This account is disabled.' }
        : { login: { accountId: user.id, amr: user.amr ?? ['pwd'], ...(user.acr ? { acr: user.acr } : {}) } };
    await provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
  })().catch((error: unknown) => {
    response.statusCode = 500;
    response.end(String(error));
  });
});

process.stdout.write(`ISSUER=${issuer}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
