import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenPages, FIRST_SCREENS_DIR } from './first-screens.ts';
import { reactOnPreact } from './react-on-preact.ts';
import { brand } from './src/components/brand.ts';

const api = 'http://127.0.0.1:8000';

/**
 * Writes a brotli and a gzip copy beside each built text file, at the strongest settings, so the
 * server sends phones a third of the bytes without compressing anything while it runs.
 */
function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|html|svg|json|webmanifest)$/.test(file)) continue;
        const target = path.join(options.dir!, file);
        const bytes = fs.readFileSync(target);
        fs.writeFileSync(`${target}.gz`, gzipSync(bytes, { level: 9 }));
        fs.writeFileSync(
          `${target}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        );
      }
    },
  };
}

/**
 * The service worker's build asks for one file by an option its bundler has renamed
 * (`inlineDynamicImports`); this names it the new way (`codeSplitting: false`), so that a first
 * build prints no warning a newcomer would take for an error.
 */
function oneFileWorker(): Plugin {
  return {
    name: 'portal-one-file-worker',
    config(config) {
      const output = config.build?.rollupOptions?.output;
      if (output && !Array.isArray(output) && 'inlineDynamicImports' in output) {
        delete output.inlineDynamicImports;
        Object.assign(output, { codeSplitting: false });
      }
    },
  };
}

/**
 * The tests' build (`PORTAL_BUILD_WARNINGS=fail`, `npm run test:e2e`) fails on any warning the build
 * prints (Vite's and, through Vite, the bundler's), so that no warning comes
 * back to a newcomer's first start unseen. Other builds print warnings as they come.
 */
function warningsFail(): Plugin {
  const warnings: string[] = [];
  return {
    name: 'portal-warnings-fail',
    apply: () => process.env.PORTAL_BUILD_WARNINGS === 'fail',
    configResolved(config) {
      const warn = config.logger.warn.bind(config.logger);
      config.logger.warn = (message, options) => {
        warnings.push(message);
        warn(message, options);
      };
    },
    closeBundle() {
      if (warnings.length > 0) throw new Error(`The build printed ${warnings.length} warning(s), which a first start must not show:\n${warnings.join('\n')}`);
    },
  };
}

/** Crest icons on a white square: the crest is the school's dark blue, which needs a light ground to be seen. */
const onWhite = { padding: 0.15, resizeOptions: { background: '#ffffff' } };

/**
 * The web app manifest and the service worker (decision 044). The manifest's name is the server's
 * to give (SCHOOL_NAME): it replaces `name` when it serves the file. Icons are drawn at build time
 * from the crest. The worker precaches the built files only; the server answers everything else.
 */
const installable = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifest: {
    id: '/',
    name: 'School Portal',
    short_name: 'Portal',
    description: 'Registration, report cards and attendance.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.primary,
    background_color: brand.primary,
  },
  pwaAssets: {
    image: 'public/favicon.svg',
    preset: {
      transparent: { sizes: [192, 512], padding: 0.05 },
      maskable: { sizes: [512], ...onWhite, padding: 0.3 },
      apple: { sizes: [180], ...onWhite },
    },
    overrideManifestIcons: true,
    // index.html keeps its own links: the SVG favicon, theme colour and the Apple icon.
    includeHtmlHeadLinks: false,
    injectThemeColor: false,
  },
  injectManifest: {
    globPatterns: ['**/*.{js,mjs,css,html,svg,png}'],
    // The worker serves index.html to every screen: the screens' own copies are for a first visit.
    globIgnores: [`${FIRST_SCREENS_DIR}/**`],
    // pdf.js's worker is about 1.3 MB before compression.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // The worker's own build is one file: said in today's words, so that it prints no warning.
    buildPlugins: { vite: [oneFileWorker(), warningsFail()] },
  },
  devOptions: { enabled: false },
});

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * The app's and the contract's own modules, but not the contract's index: it names every module of
 * the contract, most of which a screen never uses.
 */
const ownModule = (id: string) => !id.includes('node_modules') && !/contract[\\/]src[\\/]index\.ts$/.test(id);

/**
 * The modules `roots` import, and those they import, short of what is loaded later; packages'
 * modules only with `packages` (the first script takes its packages with it).
 */
function drawnWith(graph: ModuleGraph, roots: string[], packages = false): Set<string> {
  const found = new Set(roots.map((root) => path.resolve(import.meta.dirname, 'src', root)));
  // A screen moved or renamed would quietly leave its modules in small files again.
  for (const root of found) if (!graph.getModuleInfo(root)) throw new Error(`${root} is not in the build: update the student chunks' screens`);
  for (const id of found)
    for (const next of graph.getModuleInfo(id)?.importedIds ?? [])
      if (packages ? !/contract[\\/]src[\\/]index\.ts$/.test(next) : ownModule(next)) found.add(next);
  return found;
}

/**
 * The app's first script in one chunk, and a student's screens in two, not twenty small files: what
 * every student screen draws (her layout, the dashboard, report cards, attendance, Change Password)
 * and what the wizard's steps draw (Complete, which judges every value, keeps its own), with the
 * store of changes kept on the device that the wizard opens as her record comes; a guardian's screens
 * add one of their own beside the student's, whose layout and pieces they draw. A phone on slow
 * mobile data opens six connections, and each small file waits its turn for one. Dialogs and
 * everything else loaded later keep their own chunks.
 */
function firstScreenChunks() {
  let chunks: Map<string, string> | undefined;
  return (id: string, graph: ModuleGraph) => {
    if (!chunks) {
      const first = drawnWith(graph, ['main.tsx'], true);
      const student = drawnWith(graph, [
        'app/layouts/student-layout.tsx',
        'features/dashboard/dashboard-page.tsx',
        'features/auth/change-password-page.tsx',
        'features/term-reports/term-reports-page.tsx',
        'features/attendance/attendance-page.tsx',
        // What the absence note's form (loaded when a note is first written) shares with the wizard and
        // the family's screens: its date field, its radios and its upload. They come with the screens
        // they all stand on, so opening the form fetches its own code only.
        'components/light/light-date-input.tsx',
        'components/light/light-radio.tsx',
        'api/post-form.ts',
      ]);
      const wizard = drawnWith(graph, [
        'features/registration/wizard-layout.tsx',
        'features/registration/pages.tsx',
        'features/registration/documents-step-page.tsx',
      ]);
      // What a wizard step fetches once it is drawn: the contract's checks, and the schemas they reach
      // through the contract's index (which the walk does not follow). A module they share with the
      // family's screens must not be in the family's chunk, or a student's step would fetch that
      // chunk and its styles, and lay the page out again (issue 54).
      const checks = drawnWith(graph, ['features/registration/field-schemas.ts', '../../../packages/contract/src/student-schema.ts']);
      // A guardian's screens (decision 062): what the student's chunk does not already hold.
      const family = drawnWith(graph, [
        'features/family/family-page.tsx',
        'features/family/add-daughter-page.tsx',
        'features/family/family-messages-page.tsx',
        'features/family/family-account-page.tsx',
      ]);
      chunks = new Map();
      // The entry module stays in the entry chunk, which the page names; everything it imports comes with it.
      for (const module of first) if (!module.endsWith(`${path.sep}main.tsx`)) chunks.set(module, 'app');
      for (const module of wizard) if (!first.has(module)) chunks.set(module, 'wizard');
      for (const module of student) if (!first.has(module)) chunks.set(module, 'student-screens');
      // What a guardian's screens share with the wizard or its checks comes with the student's screens, which both stand on:
      // in either one's chunk it would have the other fetch that whole chunk for it.
      for (const module of family)
        if (!first.has(module) && !student.has(module)) chunks.set(module, wizard.has(module) || checks.has(module) ? 'student-screens' : 'family-screens');
    }
    if (/[\\/]node_modules[\\/]idb[\\/]/.test(id)) return 'wizard';
    return chunks.get(id) ?? null;
  };
}

export default defineConfig({
  plugins: [react(), firstScreenPages(), precompress(), installable, warningsFail()],
  resolve: { alias: reactOnPreact },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': api, '/sanctum': api, '/logout': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: firstScreenChunks(), debugName: 'first screens' }] },
      },
      // Most of a build's time is the strongest compression of every file, on purpose (`precompress`): no report of it.
      checks: { pluginTimings: false },
    },
  },
});
