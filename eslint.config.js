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
  { files: ['**/*.{js,mjs}'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
