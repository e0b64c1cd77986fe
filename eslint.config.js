// Lint with import boundaries (docs/architecture.md): core ← views ← app/widgets/h5; core ← correction ← server.
// Boundaries are checked on resolved file paths (import-x/no-restricted-paths), so a bare folder import
// ('../../correction') or an alias is caught as surely as a deep one. The probes in tests/lint-probes/ are
// files each rule must reject; tests/unit/lint-probes.test.ts runs them.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const react = ['react', 'react-dom', 'react-dom/*', 'antd', 'antd/*', 'antd-mobile', 'antd-mobile/*', '@ant-design/*', 'react-router-dom', '@preact/signals-react', '@preact/signals-react/*'];
/** Packages that only run in Node: a browser bundle that pulled one in would break or balloon. */
const serverPackages = [
  'sharp', 'drizzle-orm', 'drizzle-kit', 'fastify', 'fastify-plugin', 'fastify-type-provider-zod', '@fastify/*', 'pg', '@electric-sql/pglite',
  'pino', 'onnxruntime-node', '@gutenye/*', 'mupdf', 'exceljs', 'jose', 'yauzl', 'svg-captcha', 'aws4fetch', '@react-pdf/renderer',
  '@node-rs/*', 'pinyin-pro', 'qrcode', 'zxing-wasm', 'tsx',
];
const withSubpaths = (names) => [...new Set(names.flatMap((name) => (name.endsWith('/*') ? [name] : [name, `${name}/*`])))];

/** One layer's folders, for no-restricted-paths zones (paths relative to the repository root). */
const layer = {
  core: './src/core',
  correction: './src/correction',
  views: './src/views',
  app: './src/app',
  widgets: './src/widgets',
  h5: './src/h5',
  server: './src/server',
};
/** What each layer may NOT import, by resolved path. Faces (app, widgets, H5) never import each other. */
const forbidden = {
  core: ['correction', 'views', 'app', 'widgets', 'h5', 'server'],
  correction: ['views', 'app', 'widgets', 'h5', 'server'],
  views: ['correction', 'app', 'widgets', 'h5', 'server'],
  app: ['correction', 'widgets', 'h5', 'server'],
  widgets: ['correction', 'app', 'h5', 'server'],
  h5: ['correction', 'app', 'widgets', 'server'],
  server: ['views', 'app', 'widgets', 'h5'],
};
const zones = Object.entries(forbidden).flatMap(([target, froms]) =>
  froms.map((from) => ({ target: layer[target], from: layer[from], message: `${target} may not import ${from} (docs/architecture.md, import rules).` })),
);
const browserLayers = ['src/core/**/*.{ts,tsx}', 'src/views/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}', 'src/widgets/**/*.{ts,tsx}', 'src/h5/**/*.{ts,tsx}', 'tests/lint-probes/browser/**/*.{ts,tsx}'];
const restrictImports = (names, message, extraPaths = []) => ({
  'no-restricted-imports': ['error', { paths: extraPaths, patterns: [{ group: withSubpaths(names), message }] }],
});
/** Entry points read the environment once (src/server/config.ts); everything below gets values passed in. */
const envEntryPoints = ['src/server/config.ts'];

export default tseslint.config(
  // the example apps are partner code with their own package.json and type check (e2e/widgets-package.spec.ts)
  { ignores: ['dist/**', 'build/**', 'build.tmp-*/**', 'build.old-*/**', 'node_modules/**', 'data/**', 'tmp/**', 'coverage/**', 'src/server/db/migrations/**', 'tests/lint-probes/**', 'demo/vue-app/**', 'demo/react-app/**', 'packages/elements/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/views/**/*.ts', 'src/app/**/*.ts', 'src/h5/**/*.ts', 'src/widgets/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Layer zones and cycles, on resolved paths. Tests beside the code obey the zones of their folder.
    files: ['src/**/*.{ts,tsx}', 'tests/lint-probes/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Browser layers: no Node built-in (with or without `node:`) and no server-only package.
    files: browserLayers,
    ignores: ['src/core/**/*.test.ts'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      ...restrictImports(serverPackages, 'Browser layers never import a server-only package.'),
    },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: withSubpaths([...react, ...serverPackages]), message: 'core is framework-free: no React, DOM, Node or server package.' }] }],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'process', 'Buffer', 'require'],
    },
  },
  {
    files: ['src/correction/**/*.ts'],
    rules: restrictImports(react, 'correction runs in Node without React.'),
  },
  {
    // The H5 pages' first load on a phone (Lighthouse mobile, bench/README.md): antd-mobile's index has a chunk
    // of its own that carries ErrorBlock and Toast (Mask, react-spring) into every page.
    files: ['src/h5/**/*.{ts,tsx}'],
    rules: restrictImports(serverPackages, 'Browser layers never import a server-only package.', [
      { name: 'antd-mobile', message: 'Import each component by its path (antd-mobile/es/components/<name>); Toast via src/h5/toast.ts, ErrorBlock via LazyErrorBlock.' },
    ]),
  },
  {
    // Configuration is parsed once at the entry point and passed down.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...envEntryPoints, 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in src/server/config.ts and pass the value down.' }],
      'no-restricted-syntax': ['error', { selector: "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']", message: 'Read configuration in src/server/config.ts and pass the value down.' }],
    },
  },
);
