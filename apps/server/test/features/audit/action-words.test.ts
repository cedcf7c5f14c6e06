import fs from 'node:fs';
import path from 'node:path';
import { auditActions, auditActionWords } from '@school/contract';
import { describe, expect, it } from 'vitest';
import { signInActions } from '../../../src/features/auth/throttle.ts';
import { FIRST_SIGN_INS_PAUSED, SPRAYING_SEEN } from '../../../src/features/auth/spray-alerts.ts';

const src = path.resolve(import.meta.dirname, '../../../src');

/** Every TypeScript file of the server. */
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });

/**
 * The action names the server's code writes: every quoted name in the value of an `action:` (a
 * template's `${…}` part read as any word), and the sign-in actions it names by constant.
 */
function actionsWritten(): Array<{ file: string; name: string }> {
  const found: Array<{ file: string; name: string }> = [];
  for (const file of sourceFiles(src)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, value] of text.matchAll(/\baction: ([^,}\n]+)/g))
      for (const [, name] of value.matchAll(/['`]([a-z$][\w${}.-]*\.[\w${}.-]+)['`]/g)) found.push({ file: path.relative(src, file), name });
  }
  const constants = [...Object.values(signInActions.FAILED), ...Object.values(signInActions.SUCCEEDED), SPRAYING_SEEN, FIRST_SIGN_INS_PAUSED];
  return [...found, ...constants.map((name) => ({ file: 'auth', name }))];
}

/** Whether a written name (a template's `${…}` standing for any word) is one of the contract's actions. */
const known = (name: string) => {
  const pattern = new RegExp(`^${name.replace(/[.]/g, '\\.').replace(/\$\{[^}]*\}/g, '[a-z-]+')}$`);
  return auditActions.some((action) => pattern.test(action));
};

describe('every action the server writes to the audit log', () => {
  it('is one of the contract’s, with its words, so the audit log never shows a bare name', () => {
    const written = actionsWritten();
    // The walk finds the server's actions (about a hundred), not nothing.
    expect(new Set(written.map((entry) => entry.name)).size).toBeGreaterThan(90);
    const unknown = written.filter((entry) => !known(entry.name)).map((entry) => `${entry.file}: ${entry.name}`);
    expect(unknown).toEqual([]);
    for (const action of auditActions) expect(auditActionWords[action].trim(), action).not.toBe('');
  });

  it('is found by the walk when it has no words: a name the contract lacks is told', () => {
    expect(known('parents-contact.viewed')).toBe(true);
    expect(known('absence-note.${status}')).toBe(true);
    expect(known('parents-contact.printed')).toBe(false);
  });
});
