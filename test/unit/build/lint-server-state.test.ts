/**
 * The server-state lint (eslint.config.js, issue 27.3) seen failing on probes: outside a
 * `queries.ts` file, renderer code may not import the contract's accessor (lib/api.ts) or the
 * transport, nor read `window.copper`; boot.ts may install the transport and nothing more. Each
 * probe is linted as if it were a file at that path, with the repository's own configuration.
 */
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids of the errors ESLint reports for `code` placed at `file` (relative to the root). */
async function errorsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

const callsContract =
  "import { copper } from '../../lib/api';\nexport const read = () => copper().loans.get;\n";

describe('only queries.ts files call the contract', { timeout: 60_000 }, () => {
  it('refuses the contract to a view, a store or a component', async () => {
    for (const file of [
      'src/renderer/src/features/loans/LoansProbe.tsx',
      'src/renderer/src/features/loans/store.ts',
      'src/renderer/src/components/view-kit/use-probe.ts',
    ])
      expect(await errorsOf(file, callsContract), file).toEqual(['no-restricted-syntax']);
    expect(
      await errorsOf(
        'src/renderer/src/state/probe.ts',
        "import { copper } from '../lib/api';\nexport { copper };\n",
      ),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await errorsOf('src/renderer/src/lib/probe.ts', "export const later = () => import('./api');\n"),
    ).toEqual(['no-restricted-syntax']);
  });

  it('refuses window.copper and the transport outside it', async () => {
    expect(
      await errorsOf(
        'src/renderer/src/features/risk/Probe.tsx',
        'export const list = window.copper.risk.board;\n',
      ),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await errorsOf('src/renderer/src/shell/probe.ts', "export const api = globalThis['copper'];\n"),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await errorsOf(
        'src/renderer/src/features/webhooks/Probe.tsx',
        "import { createWebApi } from '../../transport/web-client';\nexport { createWebApi };\n",
      ),
    ).toEqual(['no-restricted-syntax']);
  });

  it("lets a feature's queries.ts call it", async () => {
    expect(await errorsOf('src/renderer/src/features/loans/queries.ts', callsContract)).toEqual([]);
    expect(
      await errorsOf(
        'src/renderer/src/state/queries.ts',
        "import { copper } from '../lib/api';\nexport { copper };\n",
      ),
    ).toEqual([]);
  });

  it('lets boot.ts install the transport, and nothing more', async () => {
    const install =
      "import { installTransport } from './transport/install';\nexport const t = installTransport();\n";
    expect(await errorsOf('src/renderer/src/boot.ts', install)).toEqual([]);
    expect(
      await errorsOf('src/renderer/src/boot.ts', "import { copper } from './lib/api';\nexport { copper };\n"),
    ).toEqual(['no-restricted-syntax']);
    expect(
      await errorsOf(
        'src/renderer/src/boot.ts',
        "import { createWebApi } from './transport/web-client';\nexport const w = window.copper ?? createWebApi;\n",
      ),
    ).toEqual(['no-restricted-syntax', 'no-restricted-syntax']);
  });
});
