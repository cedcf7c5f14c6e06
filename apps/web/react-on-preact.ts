/**
 * The app is written against React's API and drawn by Preact's React layer (decision 054): the
 * same components in a first script a third of the size, for a student's phone on slow mobile
 * data. The build, the dev server and the unit tests all resolve React's modules to it, so what
 * is tested is what is shipped.
 */
export const reactOnPreact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
