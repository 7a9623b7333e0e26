import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { featureIsolation } from './scripts/eslint/feature-isolation.js';
import { moduleImports, tableOwner } from './scripts/eslint/module-boundaries.js';

/**
 * Architecture rules, exported for their own tests (src/server/lint-rules.test.ts): no import
 * cycles (import-x, type-only imports are erased and do not count); one owner per table and
 * modules reached only through their services (scripts/eslint/module-boundaries.js).
 */
export const serverBoundaries = [
  {
    // No import cycles anywhere in src (type-only imports are erased, so they do not count).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without a parser for .ts dependencies import-x cannot follow them and finds no cycle at all.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // One owner per table: see scripts/eslint/module-boundaries.js.
    files: ['src/server/**/*.ts'],
    plugins: { server: { rules: { 'module-imports': moduleImports, 'table-owner': tableOwner } } },
    rules: { 'server/module-imports': 'error', 'server/table-owner': 'error' },
  },
  {
    // better-auth's drizzle adapter is the auth module's repository of its own tables (user,
    // session, account, organization, member, ...) and takes the schema object whole.
    // Nothing else is exempt.
    files: ['src/server/modules/auth/auth.ts'],
    rules: { 'server/table-owner': 'off' },
  },
];

/** Import zones (STYLE.md): contract imports nothing local; web and server never import each other. */
const zone = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    // scripts/eslint/fixtures holds deliberately broken code for the rule tests.
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'drizzle/**',
      'coverage/**',
      'scripts/eslint/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Fastify handlers and hooks are async by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
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
  ...serverBoundaries,
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
    // The shared layer serves the features and never reaches into one (bulletproof-react's rule).
    files: ['src/web/components/**', 'src/web/lib/**'],
    rules: zone([
      { group: ['**/server/**'], message: 'the web app never imports the server' },
      { group: ['**/features/**'], message: 'components/ and lib/ never import features/' },
    ]),
  },
  {
    files: ['src/web/features/**'],
    plugins: { heatsignal: { rules: { 'feature-isolation': featureIsolation } } },
    rules: { 'heatsignal/feature-isolation': 'error' },
  },
  {
    files: ['*.config.{js,ts}', 'scripts/**/*.{js,mjs}', 'eslint.config.js', 'src/server/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
);
