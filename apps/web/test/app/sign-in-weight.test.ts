import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../src');

/** The modules a file imports statically (not `import type`, not `import()`), as written. */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found = text.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm);
  return [...found].map((match) => match[1]!);
}

/** Every package the first script reaches through static imports, with one path that reaches each. */
function packagesOfFirstScript(): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('.')) walk(path.resolve(path.dirname(file), specifier), [...trail, path.relative(src, file)]);
      else if (!packages.has(specifier)) packages.set(specifier, [...trail, path.relative(src, file)]);
    }
  };
  walk(path.join(src, 'main.tsx'), []);
  return packages;
}

describe('the first script, which the sign-in pages need', () => {
  it('reaches no MUI: the signed-in screens fetch it with their own chunks (issue 38: sign-in stays fast on a phone)', () => {
    const heavy = [...packagesOfFirstScript()].filter(([name]) => name.startsWith('@mui/') || name.startsWith('@emotion/'));
    expect(heavy.map(([name, trail]) => `${name} via ${trail.join(' → ')}`)).toEqual([]);
  });

  it('is walked for real: it reaches React, the router and the data library', () => {
    const names = [...packagesOfFirstScript().keys()];
    expect(names).toEqual(expect.arrayContaining(['react-dom/client', 'react-router', '@tanstack/react-query']));
  });
});
