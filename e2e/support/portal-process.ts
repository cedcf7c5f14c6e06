import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverBundle, serverCommand } from '../../scripts/build-server.mjs';

export const E2E_ADMIN_PASSWORD = 'Admin-e2e-Pass1';
const root = path.resolve(import.meta.dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** A running built portal: its address, its data folder, and how to stop it (its folder goes with it). */
export type PortalProcess = { baseUrl: string; dataDir: string; stop(): Promise<void> };

/**
 * Starts the built portal on a free port with an empty data folder and the demo school, and waits
 * until it answers; `settings` are environment variables beside those (STAFF_MFA=required, say), or
 * made from the portal's address (its PORTAL_URL, say).
 */
export async function startPortal(settings: Record<string, string> | ((baseUrl: string) => Record<string, string>) = {}): Promise<PortalProcess> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')) || !fs.existsSync(serverBundle)) throw new Error('Build the portal first: npm run build');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, serverCommand, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...(typeof settings === 'function' ? settings(baseUrl) : settings),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The portal exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/config`)).ok) break;
    } catch {
      // still starting
    }
    if (Date.now() > deadline) throw new Error('The portal did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      await new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
