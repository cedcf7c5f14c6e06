import path from 'node:path';
import { afterEach } from 'vitest';
import { createServerData, type ServerData } from './server-data.ts';
import { startServer, stopServers, type RunningServer } from './server-process.ts';
import type { DialectName } from '../../src/db/database.ts';

/**
 * Server processes a test starts on data of its own: `newData()` makes the data (a folder, and a
 * database of its own on PostgreSQL), `start(count)` starts that many servers on it, each with a
 * data folder of its own as on its own machine, and `servers` holds every server the test started
 * (the ones it starts itself too). After each test every server still running is stopped and the
 * data removed.
 */
export function serverFleet() {
  let data: ServerData | undefined;
  const servers: RunningServer[] = [];
  afterEach(async () => {
    await stopServers(servers);
    await data?.remove();
    data = undefined;
  });
  return {
    servers,
    async newData(dialect?: DialectName): Promise<ServerData> {
      data = await createServerData(dialect);
      return data;
    },
    async start(count: number, settings: Record<string, string> = {}): Promise<RunningServer[]> {
      const on = data;
      if (!on) throw new Error('serverFleet: newData() first');
      const started = await Promise.all(
        Array.from({ length: count }, (_, index) => startServer({ ...on.settings, DATA_DIR: path.join(on.dir, `server-${index}`), ...settings }, on.dir)),
      );
      servers.push(...started);
      return started;
    },
  };
}
