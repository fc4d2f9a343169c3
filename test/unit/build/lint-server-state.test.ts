/**
 * The server-state lint (eslint.config.js, issue 27.3) seen failing on probes: outside a
 * `queries.ts` file, renderer code may not import the contract's accessor (lib/api.ts) or the
 * transport, nor read `window.copper`; boot.ts may install the transport and nothing more. Each
 * probe is linted as if it were a file at that path, with the repository's own configuration.
 */
import { describe, expect, it } from 'vitest';
import { useLintProbe } from '../../support/lint-probe';

const errorsOf = useLintProbe();
const REFUSED = ['no-restricted-syntax'];

const callsContract =
  "import { copper } from '../../lib/api';\nexport const read = () => copper().loans.get;\n";
const exportsCopper = (api: string) => `import { copper } from '${api}';\nexport { copper };\n`;
const webClient = (path: string) => `import { createWebApi } from '${path}/web-client';\n`;

describe('only queries.ts files call the contract', { timeout: 60_000 }, () => {
  it.each([
    ['a view', 'src/renderer/src/features/loans/LoansProbe.tsx', callsContract],
    ['a store', 'src/renderer/src/features/loans/store.ts', callsContract],
    ['the row windows hook', 'src/renderer/src/features/activities/use-row-windows.ts', callsContract],
    ['a component', 'src/renderer/src/components/view-kit/use-probe.ts', callsContract],
    ['state/ outside queries.ts', 'src/renderer/src/state/probe.ts', exportsCopper('../lib/api')],
    [
      'a dynamic import of lib/api',
      'src/renderer/src/lib/probe.ts',
      "export const later = () => import('./api');\n",
    ],
    [
      'window.copper',
      'src/renderer/src/features/risk/Probe.tsx',
      'export const list = window.copper.risk.board;\n',
    ],
    ["globalThis['copper']", 'src/renderer/src/shell/probe.ts', "export const api = globalThis['copper'];\n"],
    [
      'the transport',
      'src/renderer/src/features/webhooks/Probe.tsx',
      `${webClient('../../transport')}export { createWebApi };\n`,
    ],
    ['the accessor to boot.ts', 'src/renderer/src/boot.ts', exportsCopper('./lib/api')],
  ])('refuses %s (%s)', async (_what, file, code) => {
    expect(await errorsOf(file, code)).toEqual(REFUSED);
  });

  it('refuses boot.ts both window.copper and the transport, one error each', async () => {
    expect(
      await errorsOf(
        'src/renderer/src/boot.ts',
        `${webClient('./transport')}export const w = window.copper ?? createWebApi;\n`,
      ),
    ).toEqual([...REFUSED, ...REFUSED]);
  });

  it.each([
    ["a feature's queries.ts", 'src/renderer/src/features/loans/queries.ts', callsContract],
    ['state/queries.ts', 'src/renderer/src/state/queries.ts', exportsCopper('../lib/api')],
    [
      'boot.ts installing the transport',
      'src/renderer/src/boot.ts',
      "import { installTransport } from './transport/install';\nexport const t = installTransport();\n",
    ],
  ])('lets %s call it (%s)', async (_what, file, code) => {
    expect(await errorsOf(file, code)).toEqual([]);
  });
});
