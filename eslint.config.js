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
/** The layers below the features (lib, db, auth): they serve every feature and import none. */
const serverLayerOf = (file) => {
  const relative = path.relative(serverSrc, file);
  const layer = relative.split(path.sep)[0];
  return !relative.startsWith('..') && ['lib', 'db', 'session'].includes(layer) ? layer : null;
};

/**
 * Server features use each other only through the other feature's index.ts, its public functions
 * (shared → features → app); lib/, db/ and session/ never import a feature.
 */
const serverBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      notThroughIndex: "Feature '{{from}}' may use feature '{{to}}' only through its index.ts (import '../{{to}}/index.ts'), not '{{source}}'.",
      layerImportsFeature:
        "'src/{{layer}}' is shared by every feature and must not import feature '{{to}}'; move what both need into src/{{layer}} or pass it in.",
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
