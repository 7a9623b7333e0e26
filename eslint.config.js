import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import zones (STYLE.md): contract imports nothing local; web and server never import each other. */
const zone = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/contract/**'],
    rules: zone([{ group: ['**/server/**', '**/web/**'], message: 'contract imports nothing local' }]),
  },
  {
    files: ['src/server/**'],
    rules: zone([{ group: ['**/web/**'], message: 'the server never imports the web app' }]),
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...zone([{ group: ['**/server/**'], message: 'the web app never imports the server' }]),
    },
  },
  {
    files: ['src/web/features/*/**'],
    rules: zone([
      { group: ['**/server/**'], message: 'the web app never imports the server' },
      { group: ['../../features/*', '../../../features/*', '../*/**', '!../components/**', '!../api/**', '!../hooks/**'], message: 'web features never import each other' },
    ]),
  },
  {
    files: ['*.config.{js,ts}', 'scripts/**/*.{js,mjs,ts}', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
    ...tseslint.configs.disableTypeChecked,
  },
);
