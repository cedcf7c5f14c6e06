import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresRoot = path.resolve('apps/web/src/features');
const featureOf = (file) => {
  const relative = path.relative(featuresRoot, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
};

/** Web features never import each other, whatever the relative path: what they share sits on a floor below them. */
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: { crossFeature: "Feature '{{from}}' must not import from feature '{{to}}'; move shared code to src/components, src/api or src/lib." },
  },
  create(context) {
    const from = featureOf(context.filename);
    if (!from) return {};
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const to = featureOf(path.resolve(path.dirname(context.filename), source));
        if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
      },
    };
  },
};

/**
 * A rule that keeps a source folder's files on floors: `floors` from the bottom up, each a name and
 * the folders or files (relative to `root`) it holds. A file imports only its own floor and the
 * floors below it, and every file of `root` stands on a floor, so a new folder is placed before it
 * imports anything. Type imports count too: an arrow that runs up is one, whatever it carries.
 */
const floorRule = (root, floors, which) => {
  const order = floors.map(([name]) => name).join(' → ');
  const floorOf = (file) => {
    const relative = path.relative(root, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
    const parts = relative.split(path.sep);
    const index = floors.findIndex(([, places]) => places.some((place) => parts[0] === place || relative === place));
    return { index, place: `${path.basename(root)}/${parts[0]}` };
  };
  return {
    meta: {
      type: 'problem',
      messages: {
        upward:
          "{{which}} floor '{{from}}' must not import '{{source}}' (floor '{{to}}'): the floors run {{order}}, and each imports only the floors below it.",
        noFloor: "'{{place}}' stands on none of {{which}} floors ({{order}}): add it to its floor in eslint.config.js.",
      },
    },
    create(context) {
      const from = floorOf(context.filename);
      if (!from) return {};
      if (from.index === -1) return { Program: (node) => context.report({ node, messageId: 'noFloor', data: { which, order, place: from.place } }) };
      const check = (node) => {
        const source = node.source?.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const to = floorOf(path.resolve(path.dirname(context.filename), source));
        if (!to) return;
        if (to.index === -1) context.report({ node, messageId: 'noFloor', data: { which, order, place: to.place } });
        else if (to.index > from.index)
          context.report({ node, messageId: 'upward', data: { which, order, source, from: floors[from.index][0], to: floors[to.index][0] } });
      };
      return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
    },
  };
};

const serverSrc = path.resolve('apps/server/src');
/**
 * The server's floors (docs/architecture.md draws them): core (settings, paths), db, lib (what
 * any feature uses), session, the features, and the app that builds and starts them from its
 * top-level files and cli/. The contract, a package of its own, is below them all.
 */
const serverFloors = floorRule(
  serverSrc,
  [
    ['core', ['core']],
    ['db', ['db']],
    ['lib', ['lib']],
    ['session', ['session']],
    ['features', ['features']],
    ['app', ['app.ts', 'start-up.ts', 'main.ts', 'cluster.ts', 'graceful-stop.ts', 'cli']],
  ],
  "the server's",
);
/**
 * The web's floors: api (the one HTTP client and the shared calls), the shared lib and components
 * (both kits), the features, and the app (router, layouts, the first script's start).
 */
const webFloors = floorRule(
  path.resolve('apps/web/src'),
  [
    ['api', ['api']],
    ['shared', ['lib', 'components']],
    ['features', ['features']],
    ['app', ['app', 'main.tsx', 'sw.ts']],
  ],
  "the web's",
);

const serverFeatures = path.join(serverSrc, 'features');
/** 'files' for apps/server/src/features/files/service.ts; null outside the features. */
const serverFeatureOf = (file) => {
  const relative = path.relative(serverFeatures, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
};

/**
 * Server features use each other only through the other feature's index.ts, its public functions;
 * what sits below the features never imports one (the floors rule).
 */
const serverBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      notThroughIndex: "Feature '{{from}}' may use feature '{{to}}' only through its index.ts (import '../{{to}}/index.ts'), not '{{source}}'.",
    },
  },
  create(context) {
    const from = serverFeatureOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const to = serverFeatureOf(target);
      if (to && to !== from && target !== path.join(serverFeatures, to, 'index.ts'))
        context.report({ node, messageId: 'notThroughIndex', data: { from, to, source } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, portal: { rules: { 'feature-boundaries': featureBoundaries, floors: webFloors } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'portal/feature-boundaries': 'error',
      'portal/floors': 'error',
    },
  },
  {
    // One way of writing a date on every screen (SPEC §9): a day yyyy-MM-dd, a moment yyyy-MM-dd HH:mm:ss
    // on the school's clock, from lib/format-day.ts; a day typed or picked in the kits' date fields.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format-day.ts', 'apps/web/src/components/light/light-date-input.tsx', 'apps/web/src/components/mui/iso-date-field.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'A screen writes no date (or count) in the browser’s locale: use lib/format-day.ts (formatDay, formatSchoolTime, formatCount).',
        },
        {
          selector: "MemberExpression[object.name='Intl'][property.name='DateTimeFormat']",
          message: 'A screen makes no date format of its own: use lib/format-day.ts (formatDay, formatSchoolDay, formatSchoolTime).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^get(UTC)?(Month|Date|Day|Hours|Minutes|Seconds)$/]',
          message: 'A screen puts no date together from its parts: use lib/format-day.ts (today, shiftDay, formatSchoolTime).',
        },
        {
          selector: "JSXAttribute[name.name='type'][value.value='date']",
          message: 'A date input shows the browser’s format (09/17/2014): use LightDateInput or IsoDateField, which show yyyy-MM-dd.',
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: { rules: { 'feature-boundaries': serverBoundaries, floors: serverFloors } } },
    rules: { 'server/feature-boundaries': 'error', 'server/floors': 'error' },
  },
  { files: ['**/*.{js,mjs}'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
