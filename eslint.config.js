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

/** Web features never import each other (shared → features → app), whatever the relative path. */
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

const serverSrc = path.resolve('apps/server/src');
const serverFeatures = path.join(serverSrc, 'features');
/** 'files' for apps/server/src/features/files/service.ts; null outside the features. */
const serverFeatureOf = (file) => {
  const relative = path.relative(serverFeatures, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep)[0];
};
/** The composition roots: they build the app from its features, and only they may import one freely. */
const compositionRoots = new Set(['app.ts', 'main.ts', 'cluster.ts', 'cli']);
/**
 * What a server file below the features belongs to: its folder under src (lib, db, session...) or,
 * for a root file, its name (config.ts, deps.ts...). Null for a feature, a composition root, or a
 * file outside src. Every such folder and root file serves the features and imports none.
 */
const serverLayerOf = (file) => {
  const relative = path.relative(serverSrc, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const layer = relative.split(path.sep)[0];
  return layer === 'features' || compositionRoots.has(layer) ? null : layer;
};

/**
 * Server features use each other only through the other feature's index.ts, its public functions
 * (shared → features → app); every other folder and root file of src (lib/, db/, session/,
 * config.ts, deps.ts...) never imports a feature; only the composition roots (app.ts, main.ts,
 * cluster.ts, cli/) may.
 */
const serverBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      notThroughIndex: "Feature '{{from}}' may use feature '{{to}}' only through its index.ts (import '../{{to}}/index.ts'), not '{{source}}'.",
      layerImportsFeature:
        "'src/{{layer}}' is shared by every feature and must not import feature '{{to}}'; move what both need below the features (src/lib, src/db, packages/contract) or pass it in: only app.ts, main.ts, cluster.ts and cli/ may import features.",
    },
  },
  create(context) {
    const from = serverFeatureOf(context.filename);
    const layer = serverLayerOf(context.filename);
    if (!from && !layer) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const to = serverFeatureOf(target);
      if (!to || to === from) return;
      if (layer) return context.report({ node, messageId: 'layerImportsFeature', data: { layer, to } });
      if (target !== path.join(serverFeatures, to, 'index.ts')) context.report({ node, messageId: 'notThroughIndex', data: { from, to, source } });
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
    plugins: { 'react-hooks': reactHooks, portal: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'portal/feature-boundaries': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: { rules: { 'feature-boundaries': serverBoundaries } } },
    rules: { 'server/feature-boundaries': 'error' },
  },
  { files: ['**/*.{js,mjs}'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
