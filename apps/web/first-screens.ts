import fs from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { familyScreenCalls, firstScreenCalls } from './src/app/first-screen-calls.ts';
import { stepPaths } from './src/features/registration/step-paths.ts';

const LAYOUT = 'app/layouts/student-layout.tsx';
const WIZARD = 'features/registration/wizard-layout.tsx';

/** The module each step's route loads (features/registration/routes.tsx): the four data steps share the form. */
const stepPage = (step: string) =>
  step === 'documents'
    ? 'features/registration/documents-step-page.tsx'
    : step === 'complete'
      ? 'features/registration/complete-step-page.tsx'
      : 'features/registration/pages.tsx';

/**
 * A signed-in student's screens by path, each with the modules its routes load lazily when it is
 * opened first (app/router.tsx): her layout, then the screen's page (the wizard's frame before a
 * step). Modules are named from `src`, packages by name.
 */
export const studentScreens: Record<string, string[]> = {
  '/dashboard': [LAYOUT, 'features/dashboard/dashboard-page.tsx'],
  '/term-reports': [LAYOUT, 'features/term-reports/term-reports-page.tsx'],
  '/attendance': [LAYOUT, 'features/attendance/attendance-page.tsx'],
  '/registration/change-password': [LAYOUT, 'features/auth/change-password-page.tsx'],
  ...Object.fromEntries(Object.values(stepPaths).map((step) => [`/registration/${step}`, [LAYOUT, WIZARD, stepPage(step)]])),
};

/**
 * A guardian's screens by path (decision 062), drawn in the student's layout, and the family's
 * sign-in page, which a visitor opens.
 */
export const familyScreens: Record<string, string[]> = {
  '/family': [LAYOUT, 'features/family/family-page.tsx'],
  '/family/:daughter': [LAYOUT, 'features/family/family-page.tsx'],
  '/family/add': [LAYOUT, 'features/family/add-daughter-page.tsx'],
  '/family/messages': [LAYOUT, 'features/family/family-messages-page.tsx'],
  '/family/account': [LAYOUT, 'features/family/family-account-page.tsx'],
};
export const visitorScreens: Record<string, string[]> = { '/parents': ['features/family/parents-sign-in-page.tsx'] };

/** Who is sent a screen's page: the server sends it only to the kind of visitor whose screen it is. */
export type ScreenViewer = 'student' | 'guardian' | 'visitor';

/**
 * Where the build writes each screen's page, and the list the server reads to choose among them:
 * each screen's page and the calls it makes as it opens (`{student}` standing for her ID).
 */
export type FirstScreens = Record<string, { page: string; calls: string[]; for: ScreenViewer }>;
export const FIRST_SCREENS_DIR = 'first-screens';
export const FIRST_SCREENS_LIST = 'first-screens.json';

const sourceModule = (name: string) => path.resolve(import.meta.dirname, 'src', name);

/** Whether module `id` is `name`: a file of `src`, or a package's entry. */
const isModule = (id: string, name: string) =>
  /\.tsx?$/.test(name) ? id === sourceModule(name) : id.includes(`${path.sep}node_modules${path.sep}${name}${path.sep}`);

type OutputChunk = Rolldown.OutputChunk;
type Chunks = Map<string, OutputChunk>;

/** The chunk a dynamic import of `module` loads: the one it is the entry of, else the one that holds it. */
function chunkLoading(chunks: Chunks, module: string): OutputChunk {
  const all = [...chunks.values()];
  const found =
    all.find((chunk) => chunk.facadeModuleId !== null && isModule(chunk.facadeModuleId, module)) ??
    all.find((chunk) => chunk.moduleIds.some((id) => isModule(id, module)));
  if (!found) throw new Error(`${module} is in no chunk: update the student screens in first-screens.ts`);
  return found;
}

/** `from` and every chunk it imports statically, and those they import. */
function withStaticImports(chunks: Chunks, from: OutputChunk[]): Set<OutputChunk> {
  const found = new Set(from);
  for (const chunk of found) for (const name of chunk.imports) found.add(chunks.get(name)!);
  return found;
}

const cssOf = (chunk: OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? [])];

/**
 * The tags that fetch a screen's scripts and styles with the page, beside the first script rather
 * than after it has run: what the first script (and index.html) already loads is left out.
 */
export function preloadTags(bundle: Rolldown.OutputBundle, modules: string[]): string[] {
  const chunks: Chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
  const first = withStaticImports(
    chunks,
    [...chunks.values()].filter((chunk) => chunk.isEntry),
  );
  const firstCss = new Set([...first].flatMap(cssOf));
  const screen = [
    ...withStaticImports(
      chunks,
      modules.map((module) => chunkLoading(chunks, module)),
    ),
  ].filter((chunk) => !first.has(chunk));
  const styles = [...new Set(screen.flatMap(cssOf))].filter((css) => !firstCss.has(css));
  return [
    ...screen.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`),
    ...styles.map((css) => `<link rel="preload" as="style" crossorigin href="/${css}">`),
  ];
}

/** Where the app adds the manifest's link once the page has loaded (main.tsx). */
const MANIFEST_LINK = /\s*<link rel="manifest" href="\/manifest\.webmanifest"\s*\/?>/;
const FAVICON_LINK = /<link rel="icon" type="image\/svg\+xml" href="\/favicon\.svg"\s*\/?>/;

/**
 * The page without the two fetches a phone made beside the first screen's scripts for nothing it
 * shows: the crest of the tab (written into the page, a few hundred bytes) and the web app
 * manifest, with the icons the browser fetches for it (its link is added once the page has loaded).
 * On a slow connection each took one of the few connections the scripts wait for.
 */
function withoutWaitingFetches(html: string): string {
  if (!MANIFEST_LINK.test(html) || !FAVICON_LINK.test(html)) throw new Error('index.html has no manifest or favicon link to move');
  const crest = fs.readFileSync(path.resolve(import.meta.dirname, 'public/favicon.svg'), 'utf8').trim();
  const inline = `<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,${encodeURIComponent(crest)}" />`;
  return html.replace(MANIFEST_LINK, '').replace(FAVICON_LINK, inline);
}

/**
 * Writes, beside index.html, a copy of it for each student and guardian screen and the family's
 * sign-in that also fetches that screen's scripts and styles (issue 38): on a phone's slow
 * connection they come beside the first script, not a round trip after it has run. The server
 * sends the copy of the screen asked for to whom the screen is for; the app is the same, only sooner.
 */
export function firstScreenPages(): Plugin {
  return {
    name: 'portal-first-screen-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('index.html is not in the build');
      const html = withoutWaitingFetches(String(index.source));
      index.source = html;
      const list: FirstScreens = {};
      const screens: Array<[ScreenViewer, Record<string, string[]>, Record<string, string[]>]> = [
        ['student', studentScreens, firstScreenCalls],
        ['guardian', familyScreens, familyScreenCalls],
        ['visitor', visitorScreens, {}],
      ];
      for (const [viewer, modulesOf, callsOf] of screens)
        for (const [screen, modules] of Object.entries(modulesOf)) {
          const calls = viewer === 'visitor' ? [] : callsOf[screen];
          if (!calls) throw new Error(`${screen} has no first calls in first-screen-calls.ts`);
          const fileName = `${FIRST_SCREENS_DIR}/${screen.slice(1).replaceAll(/[/:]+/g, '-')}.html`;
          const tags = preloadTags(bundle, modules).join('\n    ');
          this.emitFile({ type: 'asset', fileName, source: html.replace(/\s*<\/head>/, `\n    ${tags}\n  </head>`) });
          list[screen] = { page: fileName, calls, for: viewer };
        }
      this.emitFile({ type: 'asset', fileName: FIRST_SCREENS_LIST, source: JSON.stringify(list, null, 2) });
    },
  };
}
