import path from 'node:path';
import { baseEnvironment, spawnNode, type Spawned } from './server-process.ts';
import type { ProviderUser } from './openid-provider-process.ts';
import { waitUntil } from './wait.ts';

export type { ProviderUser } from './openid-provider-process.ts';

const processFile = path.join(import.meta.dirname, 'openid-provider-process.ts');

export type TestProvider = Spawned & { issuer: string; clientId: string; clientSecret: string; stop(): Promise<void> };

/**
 * Starts the test suite's OpenID provider (`openid-provider-process.ts`) on 127.0.0.1 with these
 * users, a client whose callbacks are `redirectUris`, and its clock `clockSkewSeconds` off ours.
 */
export async function startProvider({
  users,
  redirectUris,
  clockSkewSeconds = 0,
  port = 0,
}: {
  users: ProviderUser[];
  redirectUris: string[];
  clockSkewSeconds?: number;
  port?: number;
}): Promise<TestProvider> {
  const clientId = 'school-portal';
  const clientSecret = 'school-portal-secret-for-tests';
  const spawned = spawnNode(
    [processFile],
    baseEnvironment({
      PROVIDER_USERS: JSON.stringify(users),
      PROVIDER_REDIRECT_URIS: redirectUris.join(','),
      PROVIDER_CLIENT_ID: clientId,
      PROVIDER_CLIENT_SECRET: clientSecret,
      PROVIDER_PORT: String(port),
      CLOCK_SKEW_SECONDS: String(clockSkewSeconds),
    }),
    process.cwd(),
  );
  let exited = false;
  void spawned.exited.then(() => (exited = true));
  await waitUntil('the OpenID provider to start', () => exited || /ISSUER=\S+\n/.test(spawned.stdout()));
  const issuer = /ISSUER=(\S+)\n/.exec(spawned.stdout())?.[1];
  if (!issuer) throw new Error(`The OpenID provider did not start: ${spawned.stderr()}`);
  return {
    ...spawned,
    issuer,
    clientId,
    clientSecret,
    async stop() {
      if (exited) return;
      spawned.child.kill('SIGTERM');
      await spawned.exited;
    },
  };
}

/** A browser's cookies at the provider, kept between its redirects. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  header = () => [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * Follows the portal's start address through the provider as a browser would, signing in as
 * `userId` at its login step: the address the provider sends the browser back to.
 */
export async function throughProvider(startLocation: string, userId: string): Promise<URL> {
  const jar = new CookieJar();
  let location = new URL(startLocation);
  const provider = location.origin;
  for (let step = 0; step < 10; step++) {
    if (location.origin !== provider) return location;
    const interaction = /^\/interaction\/([\w-]+)$/.exec(location.pathname);
    if (interaction) location = new URL(`/interaction/${interaction[1]}/login?user=${encodeURIComponent(userId)}`, provider);
    const response = await fetch(location, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.keep(response);
    const next = response.headers.get('location');
    if (!next) throw new Error(`The provider answered ${response.status} at ${location.pathname}: ${await response.text()}`);
    location = new URL(next, location);
  }
  throw new Error('The provider redirected more than 10 times.');
}
