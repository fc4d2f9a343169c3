import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

// Import patterns for whole folders: `**/<name>` and `**/<name>/**`. The second alone misses a
// folder import such as '../../sandbox' (its index.ts), which is how the sandbox is imported.
const folders = (...names) => names.flatMap((name) => [`**/${name}`, `**/${name}/**`]);

/**
 * no-restricted-syntax entries that keep the contract out of a renderer file (issue 27.3): importing
 * lib/api.ts or the transport (`transport` names which transport imports are refused), and
 * reading `window.copper` / `globalThis.copper` directly.
 */
function contractAccess({ transport }) {
  const message =
    'Only a queries.ts file calls the contract: put the call in the feature queries.ts (queryOptions, or a mutation function) and read it with useQuery (issue 27.3).';
  const sources = [/(^|\x2F)api(\.[jt]sx?)?$/, transport].map((re) => `/${re.source}/`);
  const nodes = ['ImportDeclaration', 'ImportExpression', 'ExportNamedDeclaration', 'ExportAllDeclaration'];
  return [
    ...sources.flatMap((re) => nodes.map((node) => ({ selector: `${node}[source.value=${re}]`, message }))),
    {
      selector: "MemberExpression[object.name=/^(window|globalThis|self)$/][property.name='copper']",
      message,
    },
    {
      selector: "MemberExpression[object.name=/^(window|globalThis|self)$/][property.value='copper']",
      message,
    },
  ];
}

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
      'no-restricted-imports': ['error', { patterns: ['node:*', 'electron', ...folders('main', 'sandbox')] }],
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
          patterns: ['node:*', ...folders('main', 'renderer', 'sandbox', 'preload')],
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
            { group: folders('main', 'renderer', 'preload') },
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
    ignores: ['src/main/index.ts', 'src/main/shell/**', 'src/main/app/**', 'src/main/web/cli.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['electron'], patterns: folders('renderer', 'sandbox', 'preload') },
      ],
    },
  },
  // The composition roots: src/main/index.ts (Electron) and app/ (both shells) start the embedded
  // sandbox. src/main/web/cli.ts is the process entry of browser mode (`npm run web`, the tests'
  // console process), the twin of index.ts: it parses the command line, whose sandbox sizes and
  // variants are the sandbox's own lists, so it is a composition root too, and the one file of
  // web/ that may import the sandbox; web/bridge.ts, the transport, may not. app/ and cli.ts run
  // under plain Node in browser mode, so only index.ts and the shell import electron.
  {
    files: ['src/main/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: folders('renderer', 'preload') }],
    },
  },
  {
    files: ['src/main/app/**/*.ts', 'src/main/web/cli.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron'], patterns: folders('renderer', 'preload') }],
    },
  },
  {
    files: ['src/main/shell/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: folders('renderer', 'sandbox', 'preload') }],
    },
  },
  // Main's layers, top to bottom (issue 27.5), checked on resolved paths, so a folder import counts:
  //   m-root       composition roots: index.ts (Electron), web/cli.ts (browser mode), app/
  //   m-transport  how calls arrive: shell/ (Electron IPC, windows), web/ (the browser-mode bridge)
  //   m-handlers   handlers/: the contract's calls, input checks, then a service
  //   m-router     router/: dispatch by call name
  //   m-service    actions, risk, journal, webhooks, exports, jobs, updater, preferences, row-model
  //   m-platform   platform/ (HTTP to the platform, its clients), guard/ (the lockout guard)
  //   m-base       workspaces, keychain, history, events, log, security
  //   shared       src/shared
  // Each imports only layers below it and its own; services import each other; transport and
  // handlers do not import each other. Only m-root imports the sandbox. A new folder must be
  // given a layer here (boundaries/no-unknown-files).
  {
    files: ['src/main/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      // The two process entries are files, not folders: index.ts sits in src/main itself and
      // web/cli.ts beside the bridge.
      'boundaries/files': [{ category: 'm-entry', pattern: ['src/main/index.ts', 'src/main/web/cli.ts'] }],
      'boundaries/elements': [
        { type: 'm-root', pattern: 'src/main/app' },
        { type: 'm-transport', pattern: 'src/main/{shell,web}' },
        { type: 'm-handlers', pattern: 'src/main/handlers' },
        { type: 'm-router', pattern: 'src/main/router' },
        {
          type: 'm-service',
          pattern:
            'src/main/{actions,risk,journal,webhooks,exports,jobs,updater,preferences,row-model,prices,exchange-assets}',
        },
        { type: 'm-platform', pattern: 'src/main/{platform,guard}' },
        { type: 'm-base', pattern: 'src/main/{workspaces,keychain,history,events,log,security}' },
        { type: 'shared', pattern: 'src/shared' },
        { type: 'sandbox', pattern: 'src/sandbox' },
        { type: 'renderer', pattern: 'src/renderer' },
        { type: 'preload', pattern: 'src/preload' },
      ],
    },
    rules: {
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { allow: { to: { module: { origin: '{external,core}' } } } },
            { allow: { to: { element: { type: 'shared' } } } },
            {
              from: [{ element: { type: 'm-root' } }, { file: { categories: 'm-entry' } }],
              allow: {
                to: {
                  element: {
                    type: '{m-root,m-transport,m-handlers,m-router,m-service,m-platform,m-base,sandbox}',
                  },
                },
              },
            },
            {
              from: { element: { type: '{m-transport,m-handlers}' } },
              allow: { to: { element: { type: '{m-router,m-service,m-platform,m-base}' } } },
            },
            {
              from: { element: { type: 'm-transport' } },
              allow: { to: { element: { type: 'm-transport' } } },
            },
            {
              from: { element: { type: 'm-handlers' } },
              allow: { to: { element: { type: 'm-handlers' } } },
            },
            {
              from: { element: { type: 'm-router' } },
              allow: { to: { element: { type: '{m-router,m-base}' } } },
            },
            {
              from: { element: { type: 'm-service' } },
              allow: { to: { element: { type: '{m-service,m-platform,m-base}' } } },
            },
            {
              from: { element: { type: 'm-platform' } },
              allow: { to: { element: { type: '{m-platform,m-base}' } } },
            },
            { from: { element: { type: 'm-base' } }, allow: { to: { element: { type: 'm-base' } } } },
          ],
        },
      ],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['node:*', ...folders('main', 'renderer', 'sandbox')],
        },
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
  // Server state in the renderer (issue 27.3): TanStack Query is its only holder, and only a
  // `queries.ts` file calls the contract (`window.copper`, through lib/api.ts or the transport);
  // the views read its queryOptions with useQuery. Written with `no-restricted-syntax`, so that it
  // adds to the renderer's `no-restricted-imports` above instead of replacing it. (`\x2F` is `/`:
  // esquery's regular expressions cannot hold a slash.)
  {
    files: ['src/renderer/src/**/*.{ts,tsx}'],
    ignores: [
      'src/renderer/src/**/queries.ts',
      // The transport builds `window.copper`; lib/api.ts is the one accessor the queries use.
      'src/renderer/src/transport/**',
      'src/renderer/src/lib/api.ts',
      // Installs the transport before anything else (the block below); calls only through queries.ts.
      'src/renderer/src/boot.ts',
    ],
    rules: {
      'no-restricted-syntax': ['error', ...contractAccess({ transport: /(^|\x2F)transport(\x2F|$)/ })],
    },
  },
  {
    files: ['src/renderer/src/boot.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...contractAccess({ transport: /(^|\x2F)transport\x2F(?!install$)/ }),
      ],
    },
  },
  prettier,
);
