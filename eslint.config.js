import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureIsolation } from './scripts/eslint/feature-isolation.js';

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
