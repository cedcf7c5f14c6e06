// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

/** How many times the date rule refuses `code` as the web file `file` (under `src`). */
async function refusals(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-syntax').length;
}

describe('a screen never writes a date itself', () => {
  it('refuses the browser’s locale, a date format, a date made from its parts and a date input, on the staff’s, students’ and families’ screens', async () => {
    for (const file of ['features/audit/fixture.tsx', 'components/light/fixture.tsx', 'features/family/fixture.tsx', 'app/fixture.tsx']) {
      expect(await refusals(file, 'export const a = new Date().toLocaleString();\n'), file).toBe(1);
      expect(await refusals(file, "export const a = (d: Date) => d.toLocaleDateString('en-GB');\n"), file).toBe(1);
      expect(await refusals(file, 'export const a = new Date().toLocaleTimeString();\n'), file).toBe(1);
      expect(await refusals(file, "export const a = new Intl.DateTimeFormat('en-GB').format(new Date());\n"), file).toBe(1);
      expect(await refusals(file, 'export const a = (d: Date) => `${d.getDate()}/${d.getMonth() + 1}`;\n'), file).toBe(2);
      expect(await refusals(file, 'export const A = () => <input type="date" />;\n'), file).toBe(1);
    }
  });

  it('lets the one formatter and the two date fields do it, and screens call them', async () => {
    expect(await refusals('lib/format-day.ts', 'export const a = new Date().toLocaleString();\n')).toBe(0);
    expect(await refusals('components/light/light-date-input.tsx', 'export const A = () => <input type="date" />;\n')).toBe(0);
    expect(
      await refusals(
        'features/audit/fixture.tsx',
        "import { formatSchoolTime } from '../../lib/format-day.ts';\nexport const a = formatSchoolTime('2026-01-01T00:00:00Z', 'UTC');\n",
      ),
    ).toBe(0);
  });
});
