// Lint with import boundaries (docs/architecture.md): core ← views ← app/widgets/h5; core ← correction ← server.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const node = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'http', 'url', 'stream'];
const react = ['react', 'react-dom', 'react-dom/*', 'antd', 'antd/*', 'antd-mobile', 'antd-mobile/*', '@ant-design/*', 'react-router-dom', '@preact/signals-react', '@preact/signals-react/*'];
const restrict = (paths, groups, message) => ({
  'no-restricted-imports': ['error', { paths: paths.map((name) => ({ name, message })), patterns: groups.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'tmp/**', 'coverage/**', 'src/server/db/migrations/**'] },
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
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/**/*.test.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      ...restrict([...node, ...react], ['node:*', '**/views/**', '**/app/**', '**/widgets/**', '**/h5/**', '**/server/**', '**/correction/**'], 'core is framework-free: no React, DOM or Node, and it imports nothing of ours outside core.'),
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'process', 'Buffer', 'require'],
    },
  },
  {
    files: ['src/correction/**/*.ts'],
    rules: restrict(react, ['**/views/**', '**/app/**', '**/widgets/**', '**/h5/**', '**/server/**'], 'correction imports only core.'),
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: restrict(node, ['node:*', '**/app/**', '**/widgets/**', '**/h5/**', '**/server/**', '**/correction/**'], 'views import only core.'),
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/widgets/**/*.{ts,tsx}', 'src/h5/**/*.{ts,tsx}'],
    rules: restrict(node, ['node:*', '**/server/**', '**/correction/**'], 'browser faces never import server or correction.'),
  },
  {
    files: ['src/widgets/**/*.{ts,tsx}', 'src/h5/**/*.{ts,tsx}'],
    rules: restrict(node, ['node:*', '**/server/**', '**/correction/**', '**/app/**'], 'widgets and H5 import views and core, not the app.'),
  },
  {
    // The H5 pages' first load on a phone (Lighthouse mobile, bench/README.md): antd-mobile's index has a chunk
    // of its own that carries ErrorBlock and Toast (Mask, react-spring) into every page. Same boundaries as above.
    files: ['src/h5/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...node.map((name) => ({ name, message: 'widgets and H5 import views and core, not the app.' })),
            { name: 'antd-mobile', message: "Import each component by its path (antd-mobile/es/components/<name>); Toast via src/h5/toast.ts, ErrorBlock via LazyErrorBlock." },
          ],
          patterns: ['node:*', '**/server/**', '**/correction/**', '**/app/**'].map((group) => ({ group: [group], message: 'widgets and H5 import views and core, not the app.' })),
        },
      ],
    },
  },
);
