import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
      '.prof-scratch/**',
      // Stryker's sandboxes and reports (npm run mutation): copies of the tree, not the tree.
      'reports/**',
      '.stryker-tmp/**',
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
  // The renderer's layers, bottom to top (issue 14): lib → state → components → features/<tab> →
  // shell → App/main. Each layer imports only those below it; a feature imports no other feature
  // (what two features share moves down to components/ or state/); only the shell imports features.
  {
    files: ['src/renderer/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/elements': [
        { type: 'r-lib', pattern: 'src/renderer/src/{lib,transport}' },
        { type: 'r-state', pattern: 'src/renderer/src/state' },
        { type: 'r-components', pattern: 'src/renderer/src/components' },
        { type: 'r-feature', pattern: 'src/renderer/src/features/*', capture: ['feature'] },
        { type: 'r-shell', pattern: 'src/renderer/src/shell' },
        { type: 'r-styles', pattern: 'src/renderer/src/styles' },
        // Last, so it takes only what no folder above claims: App.tsx, main.tsx.
        { type: 'r-root', pattern: 'src/renderer/src' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { allow: { to: { module: { origin: 'external' } } } },
            { from: { element: { type: 'r-lib' } }, allow: { to: { element: { type: 'r-lib' } } } },
            {
              from: { element: { type: 'r-state' } },
              allow: { to: { element: { type: '{r-lib,r-state}' } } },
            },
            {
              from: { element: { type: 'r-components' } },
              allow: { to: { element: { type: '{r-lib,r-state,r-components,r-styles}' } } },
            },
            {
              from: { element: { type: 'r-feature' } },
              allow: [
                { to: { element: { type: '{r-lib,r-state,r-components,r-styles}' } } },
                {
                  to: {
                    element: {
                      type: 'r-feature',
                      captured: { feature: '{{ from.element.captured.feature }}' },
                    },
                  },
                },
              ],
            },
            {
              from: { element: { type: 'r-shell' } },
              allow: { to: { element: { type: '{r-lib,r-state,r-components,r-styles,r-feature,r-shell}' } } },
            },
            { from: { element: { type: 'r-root' } }, allow: { to: { element: { type: '*' } } } },
          ],
        },
      ],
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
  // The sandbox is a second opinion on the console (issue 25.4): it may read the specification's
  // facts (src/shared/platform/) and its own control contract (src/shared/sandbox-quirks.ts), never
  // the console's decisions (actions, amounts, exchange-actions, loan-actions, row-model, contract-*),
  // or a test that both pass proves only that the console agrees with itself.
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron'],
          patterns: [
            { group: ['**/main/**', '**/renderer/**', '**/preload/**'] },
            {
              regex: '(^|/|@)shared/(?!platform/|sandbox-quirks(\\.[jt]s)?$)',
              message:
                'the sandbox imports only src/shared/platform/* and src/shared/sandbox-quirks; write its own rule in src/sandbox/ from the specification',
            },
          ],
        },
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
