import fs from 'node:fs';
import path from 'node:path';

/** The web app's sources. */
export const src = path.resolve(import.meta.dirname, '../src');

/** The modules a file imports statically (not `import type`, not `import()`), as written. */
function staticImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found = text.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm);
  return [...found].map((match) => match[1]!);
}

/** Every package the files (paths under `src`) reach through static imports, with one path that reaches each. */
export function packagesReachedFrom(...entries: string[]): Map<string, string[]> {
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
  for (const entry of entries) walk(path.join(src, entry), []);
  return packages;
}

/** The MUI and Emotion packages among them, each with the path that reaches it, to read in a failure. */
export const muiReached = (packages: Map<string, string[]>): string[] =>
  [...packages].filter(([name]) => name.startsWith('@mui/') || name.startsWith('@emotion/')).map(([name, trail]) => `${name} via ${trail.join(' → ')}`);
