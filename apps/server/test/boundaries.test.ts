import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The boundary messages ESLint gives for `code` as if it were the server file `file`. */
async function boundaryProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src', file) });
  return result.messages.filter((message) => message.ruleId === 'server/feature-boundaries').map((message) => message.message);
}

describe('server feature boundaries (lint)', () => {
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
  });

  it("allows another feature's index.ts, the feature's own files, and the shared layers", async () => {
    const code = [
      "import { saveDocumentsProgress } from '../registration/index.ts';",
      "import { filesRepository } from './repository.ts';",
      "import { writeAudit } from '../audit/index.ts';",
      "import { NotFound } from '../../lib/errors.ts';",
      'export const all = [saveDocumentsProgress, filesRepository, writeAudit, NotFound];',
    ].join('\n');
    expect(await boundaryProblems('features/files/fixture.ts', code)).toEqual([]);
  });

  it('refuses any import of a feature from lib, db or session', async () => {
    expect(
      await boundaryProblems(
        'db/migrations/009-fixture.ts',
        "import { referenceLabels } from '../../features/reference/index.ts';\nexport const x = referenceLabels;\n",
      ),
    ).toEqual([
      "'src/db' is shared by every feature and must not import feature 'reference'; move what both need below the features (src/lib, src/db, packages/contract) or pass it in: only app.ts, main.ts, cluster.ts and cli/ may import features.",
    ]);
    expect(await boundaryProblems('lib/fixture.ts', "export const load = () => import('../features/files/service.ts');\n")).toHaveLength(1);
    expect(await boundaryProblems('session/fixture.ts', "export { auditRow } from '../features/audit/index.ts';\n")).toHaveLength(1);
  });

  it('refuses an import of a feature from a root file of src, config.ts as much as a new one, and from a new folder', async () => {
    const importsAuth = (up: string) => `import { passwordProblem } from '${up}features/auth/password-rule.ts';\nexport const rule = passwordProblem;\n`;
    expect(await boundaryProblems('config.ts', importsAuth('./'))).toEqual([
      "'src/config.ts' is shared by every feature and must not import feature 'auth'; move what both need below the features (src/lib, src/db, packages/contract) or pass it in: only app.ts, main.ts, cluster.ts and cli/ may import features.",
    ]);
    expect(await boundaryProblems('new-root-file.ts', importsAuth('./'))).toHaveLength(1);
    expect(
      await boundaryProblems('deps.ts', "import type { Registration } from './features/registration/index.ts';\nexport type R = Registration;\n"),
    ).toHaveLength(1);
    expect(await boundaryProblems('jobs/fixture.ts', importsAuth('../'))).toHaveLength(1);
  });

  it('lets the composition roots (app.ts, main.ts, cluster.ts, cli/) import any feature', async () => {
    const code = (up: string) => `import { ensureFirstAdmin } from '${up}features/auth/admin-accounts.ts';\nexport const start = ensureFirstAdmin;\n`;
    for (const file of ['app.ts', 'main.ts', 'cluster.ts']) expect(await boundaryProblems(file, code('./'))).toEqual([]);
    expect(await boundaryProblems('cli/fixture.ts', code('../'))).toEqual([]);
  });
});
