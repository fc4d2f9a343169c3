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
  // Layers you can see (issue 14): shared imports nothing of the others; the sandbox nothing of the
  // console; the main side no renderer, and the sandbox only from its composition root; electron
  // only in the shell. Each block names everything its folder may not import.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron'],
          patterns: ['node:*', '**/main/**', '**/renderer/**', '**/sandbox/**', '**/preload/**'],
        },
      ],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['electron'], patterns: ['**/main/**', '**/renderer/**', '**/preload/**'] },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/main/shell/**', 'src/main/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['electron'], patterns: ['**/renderer/**', '**/sandbox/**', '**/preload/**'] },
      ],
    },
  },
  {
    files: ['src/main/index.ts', 'src/main/shell/**/*.ts', 'src/main/app/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/renderer/**', '**/preload/**'] }],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '**/main/**', '**/renderer/**', '**/sandbox/**'] },
      ],
    },
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
