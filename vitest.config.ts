import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ROOMY_MS } from './apps/server/test/helpers/wait.ts';
import { reactOnPreact } from './apps/web/react-on-preact.ts';

/**
 * Each project's files at once: every core, the one the runner itself uses included (Vitest's
 * default leaves one out: a single file at a time on two cores). Most of a web file's time is its
 * set-up (the page's document, the screens' modules), and a server file spends most of its time
 * waiting on its database, its timers and the processes it starts, so two at once share two cores well.
 */
const filesAtOnce = Math.max(2, availableParallelism() - 1);

/** One Vitest set-up with a project per workspace; `npm test` runs them all. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/test/**/*.test.ts'], environment: 'node', testTimeout: 30_000, maxWorkers: filesAtOnce } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // On PostgreSQL, one migrated database for the run that each test's is copied from; with
          // TEST_POOLER=pgbouncer, one PgBouncer for the run, through which the databases are reached.
          globalSetup: ['apps/server/test/helpers/postgres-template.ts', 'apps/server/test/helpers/pooler-setup.ts'],
          setupFiles: ['apps/server/test/helpers/light-hashing.ts'],
          // Sized for a busy machine: a test that starts a server process waits for its line, however
          // long that takes; the limit only bounds a test that never ends.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // `expect.poll` waits as long as the suite's own waits, not Vitest's one second: a mail
          // sender's next round can be seconds away on a busy machine.
          expect: { poll: { timeout: ROOMY_MS, interval: 50 } },
          pool: 'forks',
          maxWorkers: filesAtOnce,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        // React's modules drawn by Preact, as in the build (decision 054). The libraries that
        // import React are bundled by Vitest rather than loaded by Node, so that they take it too.
        resolve: {
          // The ES module builds, whose imports of React the aliases below can reach (a CommonJS build's cannot).
          conditions: ['module', 'browser', 'development'],
          alias: [
            ...reactOnPreact,
            // Its ES module build, whose imports of React the aliases above can reach (its CommonJS build's cannot).
            { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
            // MUI names this module's CommonJS file, which a browser build swaps for the ES one (its package's `browser` field).
            { find: 'react-transition-group/cjs/TransitionGroupContext.js', replacement: 'react-transition-group/esm/TransitionGroupContext.js' },
          ],
        },
        test: {
          name: 'web',
          server: { deps: { inline: true } },
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          maxWorkers: filesAtOnce,
          testTimeout: 120_000,
        },
      },
    ],
  },
});
