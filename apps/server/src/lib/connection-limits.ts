import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { Config, TrustProxy } from '../core/config.ts';
import { addressKey } from './address-key.ts';

/**
 * The HTTP server's own time limits (decision 040), as Fastify and Node take them: the request line
 * and headers must arrive within `headersTimeoutSeconds`, the whole request (its body too) within
 * `requestTimeoutSeconds`; past either the connection is answered 408 and closed. Node looks for
 * such connections once a second.
 */
export function serverTimeouts(settings: Pick<Config, 'headersTimeoutSeconds' | 'requestTimeoutSeconds'>) {
  const requestTimeout = settings.requestTimeoutSeconds * 1000;
  const headersTimeout = settings.headersTimeoutSeconds * 1000;
  return { requestTimeout, http: { requestTimeout, headersTimeout, connectionsCheckingInterval: Math.min(1000, headersTimeout) } };
}

/** Whether the socket's peer is one of the trusted proxies (decision 016): with a hop count every peer is. */
function proxyMatcher(trustProxy: TrustProxy): (address: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'function') return () => true;
  const trusted = proxyAddr.compile(trustProxy);
  return (address) => trusted(address, 0);
}

type Tracked = { requests: number; served: number; idleSince: number };

/**
 * Caps the connections one address holds open at once (CONNECTIONS_PER_ADDRESS, decision 040),
 * so that a few hundred slow clients from one place cannot hold the server's sockets. A keep-alive
 * connection waiting between requests is not held against its address: when the address is at
 * the cap, its longest-idle such connection is closed to make room (a browser opens a new one).
 * Only when every one of them is busy is the new connection closed at once. Connections from a
 * trusted proxy are not capped: every client behind it arrives through them, and the proxy
 * bounds slow clients itself (it reads a body before passing it on).
 */
export function limitConnectionsPerAddress(
  server: Server,
  settings: Pick<Config, 'connectionsPerAddress' | 'trustProxy' | 'ipv6PrefixBits'>,
  log: { warn(message: string): void },
): void {
  const isProxy = proxyMatcher(settings.trustProxy);
  const byAddress = new Map<string, Set<Socket>>();
  const tracked = new WeakMap<Socket, Tracked>();
  let refused = new Map<string, number>();
  let reported = 0;

  /** One line a minute at most, naming the addresses whose connections were refused. */
  const report = (address: string) => {
    refused.set(address, (refused.get(address) ?? 0) + 1);
    if (Date.now() - reported < 60_000) return;
    reported = Date.now();
    const counts = [...refused].map(([who, count]) => `${count} from ${who}`).join(', ');
    refused = new Map();
    log.warn(`Closed new connections over the cap of ${settings.connectionsPerAddress} at once per address: ${counts}.`);
  };

  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress;
    if (!peer || isProxy(peer)) return;
    const address = addressKey(peer, settings.ipv6PrefixBits);
    const open = byAddress.get(address) ?? new Set<Socket>();
    if (open.size >= settings.connectionsPerAddress) {
      let idlest: Socket | undefined;
      for (const other of open) {
        const state = tracked.get(other);
        if (state && state.served > 0 && state.requests === 0 && (!idlest || state.idleSince < tracked.get(idlest)!.idleSince)) idlest = other;
      }
      if (!idlest) {
        socket.destroy();
        report(address);
        return;
      }
      open.delete(idlest);
      idlest.destroy();
    }
    open.add(socket);
    byAddress.set(address, open);
    tracked.set(socket, { requests: 0, served: 0, idleSince: Date.now() });
    socket.once('close', () => {
      open.delete(socket);
      if (open.size === 0 && byAddress.get(address) === open) byAddress.delete(address);
    });
  });

  server.on('request', (request, response) => {
    const state = tracked.get(request.socket);
    if (!state) return;
    state.requests += 1;
    response.once('close', () => {
      state.requests -= 1;
      state.served += 1;
      state.idleSince = Date.now();
    });
  });
}
