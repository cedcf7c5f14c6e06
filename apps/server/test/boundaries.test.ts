import path from 'node:path';
import { ESLint } from 'eslint';
import { expect, it } from 'vitest';
import { describeWithoutDatabase } from './helpers/test-db.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The messages of `rule` ESLint gives for `code` as if it were the file `file` (relative to the repository). */
async function problems(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}
const boundaryProblems = (file: string, code: string) => problems('server/feature-boundaries', `apps/server/src/${file}`, code);

/** `import` of `target` from `file` (both under `src`), as a relative path. */
function importOf(file: string, target: string): string {
  const source = path.posix.relative(path.posix.dirname(file), target);
  return `import { x } from '${source.startsWith('.') ? source : `./${source}`}';\nexport const y = x;\n`;
}

/** The floors from the bottom up, each with the files that stand for it in the tests. */
const serverFloors: Array<[string, string[]]> = [
  ['core', ['core/fixture.ts']],
  ['db', ['db/fixture.ts', 'db/migrations/009-fixture.ts']],
  ['lib', ['lib/fixture.ts', 'lib/pdf/fixture.ts']],
  ['session', ['session/fixture.ts']],
  ['features', ['features/files/fixture.ts']],
  ['app', ['app.ts', 'start-up.ts', 'main.ts', 'cluster.ts', 'graceful-stop.ts', 'cli/fixture.ts']],
];
const webFloors: Array<[string, string[]]> = [
  ['api', ['api/fixture.ts']],
  ['shared', ['lib/fixture.ts', 'components/light/fixture.tsx', 'components/mui/fixture.tsx', 'components/fixture.tsx']],
  ['features', ['features/auth/fixture.tsx']],
  ['app', ['app/fixture.tsx', 'app/layouts/fixture.tsx', 'main.tsx', 'sw.ts']],
];

/** Each floor pair: a file of the lower floor importing one of the higher is refused; the other way round is allowed. */
function floorPairs(src: string, rule: string, which: string, floors: Array<[string, string[]]>) {
  const order = floors.map(([name]) => name).join(' → ');
  for (const [low, [lowName, lowFiles]] of floors.entries())
    for (const [highName, highFiles] of floors.slice(low + 1)) {
      it(`refuses ${lowName} importing ${highName}, and lets ${highName} import ${lowName}`, async () => {
        for (const lowFile of lowFiles)
          for (const highFile of highFiles) {
            const source = importOf(lowFile, highFile).match(/'(.+)'/)?.[1];
            expect(await problems(rule, `${src}/${lowFile}`, importOf(lowFile, highFile))).toEqual([
              `${which} floor '${lowName}' must not import '${source}' (floor '${highName}'): the floors run ${order}, and each imports only the floors below it.`,
            ]);
            expect(await problems(rule, `${src}/${highFile}`, importOf(highFile, lowFile))).toEqual([]);
          }
      });
    }
  it('lets a floor import its own files', async () => {
    for (const [, files] of floors)
      for (const file of files) for (const other of files) expect(await problems(rule, `${src}/${file}`, importOf(file, other))).toEqual([]);
  });
  it('refuses a dynamic import, a re-export and a type import that run up as much as a plain import', async () => {
    const [[, [lowFile]], [, [highFile]]] = floors;
    const source = importOf(lowFile, highFile).match(/'(.+)'/)?.[1];
    for (const code of [
      `export const load = () => import('${source}');\n`,
      `export { x } from '${source}';\n`,
      `import type { X } from '${source}';\nexport type Y = X;\n`,
    ])
      expect(await problems(rule, `${src}/${lowFile}`, code)).toHaveLength(1);
  });
  it('refuses a folder that stands on no floor, and an import of it', async () => {
    expect(await problems(rule, `${src}/jobs/fixture.ts`, 'export const x = 1;\n')).toEqual([
      `'src/jobs' stands on none of ${which} floors (${order}): add it to its floor in eslint.config.js.`,
    ]);
    expect(await problems(rule, `${src}/new-root-file.ts`, 'export const x = 1;\n')).toHaveLength(1);
    const [, [lowFile]] = floors[0];
    expect(await problems(rule, `${src}/${lowFile}`, importOf(lowFile, 'jobs/fixture.ts'))).toHaveLength(1);
  });
}

describeWithoutDatabase("the server's floors (lint)", () => {
  floorPairs('apps/server/src', 'server/floors', "the server's", serverFloors);
});

describeWithoutDatabase("the web's floors (lint)", () => {
  floorPairs('apps/web/src', 'portal/floors', "the web's", webFloors);
});

describeWithoutDatabase('server feature boundaries (lint)', () => {
  it("refuses a feature's import of another feature's inner file", async () => {
    expect(
      await boundaryProblems(
        'features/files/fixture.ts',
        "import { registrationRepository } from '../registration/repository.ts';\nexport const x = registrationRepository;\n",
      ),
    ).toEqual([
      "Feature 'files' may use feature 'registration' only through its index.ts (import '../registration/index.ts'), not '../registration/repository.ts'.",
    ]);
    expect(await boundaryProblems('features/files/deeper/fixture.ts', "export { writeAudit } from '../../audit/audit-log.ts';\n")).toHaveLength(1);
    expect(await boundaryProblems('features/files/fixture.ts', "export const load = () => import('../audit/audit-log.ts');\n")).toHaveLength(1);
  });

  it("allows another feature's index.ts, the feature's own files, and the floors below", async () => {
    const code = [
      "import { saveDocumentsProgress } from '../registration/index.ts';",
      "import { filesRepository } from './repository.ts';",
      "import { writeAudit } from '../audit/index.ts';",
      "import { NotFound } from '../../lib/errors.ts';",
      "import type { Deps } from '../../lib/deps.ts';",
      "import type { Config } from '../../core/config.ts';",
      'export const all = [saveDocumentsProgress, filesRepository, writeAudit, NotFound];',
      'export type Both = Deps | Config;',
    ].join('\n');
    expect(await problems('server/feature-boundaries', 'apps/server/src/features/files/fixture.ts', code)).toEqual([]);
    expect(await problems('server/floors', 'apps/server/src/features/files/fixture.ts', code)).toEqual([]);
  });

  it('lets the app (app.ts, main.ts, cluster.ts, cli/) import any feature file', async () => {
    const code = (up: string) => `import { ensureFirstAdmin } from '${up}features/auth/admin-accounts.ts';\nexport const start = ensureFirstAdmin;\n`;
    for (const file of ['app.ts', 'main.ts', 'cluster.ts']) expect(await boundaryProblems(file, code('./'))).toEqual([]);
    expect(await boundaryProblems('cli/fixture.ts', code('../'))).toEqual([]);
  });
});

describeWithoutDatabase('web feature boundaries (lint)', () => {
  it('refuses a feature importing another feature, and allows its own files', async () => {
    expect(
      await problems(
        'portal/feature-boundaries',
        'apps/web/src/features/auth/fixture.tsx',
        importOf('features/auth/fixture.tsx', 'features/account/enrol-page.tsx'),
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'portal/feature-boundaries',
        'apps/web/src/features/auth/fixture.tsx',
        importOf('features/auth/fixture.tsx', 'features/auth/sign-in-page.tsx'),
      ),
    ).toEqual([]);
  });
});
