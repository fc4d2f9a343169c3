import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
      '.prof-scratch/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['node:*', 'electron', '**/main/**', '**/sandbox/**'] }],
    },
  },
  {
    files: ['src/main/**/*.ts', 'src/sandbox/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/main/shell/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
  {
    files: [
      'bench/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'test/**/*.ts',
      'src/sandbox/cli.ts',
      'src/main/web/cli.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
