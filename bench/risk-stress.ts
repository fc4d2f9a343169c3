/**
 * Benchmark 27: stressing the book on the risk board (issue 28, item 2), browser mode, production
 * build, `--sandbox-size large` (10,000 loans; the board shows the open ones, 7,999 of them).
 *
 * The watch's first cycle runs before anything is timed, and its interval is set to an hour so that
 * no new reading lands during the runs (a new board is read once more for the stress, untimed
 * here). On the Risk tab with every loan on the board:
 * - first: the first percentage typed: reads the book (each loan's LTV, lines, target and
 *   collateral) and stresses it. Reported, not the target.
 * - change: each next input change (a new percentage, or the other shock) → the counts, top-ups and
 *   the table's stress column for that input on screen, plus the next frame. Target ≤ 100 ms
 *   (median of the changes; the slowest is reported too).
 * Each change is typed as React sees typing: the input's value set and an `input` event.
 * BENCH_PROFILE=<dir>: the changes are then run once more under the JS profiler (not timed).
 */
import { openConsole } from './lib/activities-100k';
import { emit, heading, median, percentile, round } from './lib/report';
import {
  frozenRenderer,
  launchBrowser,
  listWorkspaces,
  rpc,
  runBench,
  spread,
  startConsole,
} from './lib/browser';
import { byTestId, type Measured } from './lib/page-probes';
import { profiled } from './lib/profile';
import type { Page } from 'playwright-core';

const TARGET_MS = 100;
const CHANGES: readonly [kind: string, percent: string][] = [
  ['collateral-falls', '5'],
  ['collateral-falls', '7.5'],
  ['collateral-falls', '10'],
  ['collateral-falls', '12.5'],
  ['collateral-falls', '15'],
  ['collateral-falls', '20'],
  ['collateral-falls', '30'],
  ['asset-rises', '30'],
  ['asset-rises', '10'],
  ['asset-rises', '25'],
  ['asset-rises', '50'],
  ['asset-rises', '100'],
];

/** Sets the shock (select, then the percentage) and waits for its result on screen. */
function change(page: Page, kind: string, percent: string): Promise<Measured> {
  return page.evaluate<Measured>(`(() => {
    const B = window.__bench;
    const select = document.querySelector('${byTestId('stress-kind')}');
    const input = document.querySelector('${byTestId('stress-percent')}');
    const setValue = (el, proto, v) => {
      Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, v);
      el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
    };
    const shown = () =>
      document.querySelector('${byTestId('stress-summary')}')?.getAttribute('data-shock') === '${kind}:${percent}' &&
      document.querySelector('${byTestId('table-risk')} ${byTestId('stress-cell')}') !== null;
    return B.measure(() => {
      if (select.value !== '${kind}') setValue(select, HTMLSelectElement.prototype, '${kind}');
      setValue(input, HTMLInputElement.prototype, '${percent}');
    }, shown, 10000);
  })()`);
}

async function main(): Promise<void> {
  const staticDir = await frozenRenderer();
  const server = await startConsole({
    size: 'large',
    staticDir,
    env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
  });
  const local = (await listWorkspaces(server)).find((w) => w.builtIn);
  if (local === undefined) throw new Error('no built-in workspace');
  const board = await rpc<{ loans: unknown[] }>(server, 'risk.board', { workspaceId: local.id });
  await rpc(server, 'risk.configure', { workspaceId: local.id, intervalMs: 3_600_000 });
  const browser = await launchBrowser();
  const { context, page, cdp } = await openConsole(browser, server);
  await page.click(byTestId('tab-risk'));
  await page.waitForSelector(`${byTestId('table-risk')}[data-row-count="${board.loans.length}"]`, {
    state: 'attached',
    timeout: 30_000,
  });
  await page.waitForSelector(byTestId('stress-percent'), { timeout: 30_000 });
  await page.waitForTimeout(1000);
  const first = await change(page, 'collateral-falls', '1');
  const changes: Measured[] = [];
  for (const [kind, percent] of CHANGES) {
    await page.waitForTimeout(200);
    changes.push(await change(page, kind, percent));
  }
  const crossing = await page.getAttribute(byTestId('stress-crossing'), 'data-count');
  const profileDir = process.env.BENCH_PROFILE;
  if (profileDir) {
    await profiled(cdp, profileDir, '27-stress-changes', async () => {
      for (const [kind, percent] of CHANGES)
        await change(page, kind, percent.includes('.') ? `${percent}1` : `${percent}.5`);
    });
  }
  await context.close();

  const ms = changes.map((m) => m.paintMs);
  const med = round(median(ms), 1);
  heading(`27. risk stress, ${board.loans.length.toLocaleString()} open loans (${CHANGES.length} changes)`);
  console.info(
    `input change → stress results painted: median ${med} ms, p90 ${round(percentile(ms, 90), 1)} ms ` +
      `[${spread(ms)}] (target ≤ ${TARGET_MS}); first (reads the book) ${round(first.paintMs, 1)} ms; ` +
      `long tasks ${changes.map((m) => m.longTasks.join('+') || '0').join(', ')} ms; ` +
      `last shock (rise 100 %): ${crossing} loans would cross a line`,
  );
  emit({
    id: 27,
    what: 'risk stress: input change → results on screen (large sandbox)',
    figure: `${med} ms`,
    target: `≤ ${TARGET_MS} ms`,
    pass: med <= TARGET_MS,
    details: {
      openLoans: board.loans.length,
      changeMs: ms.map((v) => round(v, 1)),
      changeDomMs: changes.map((m) => round(m.domMs, 1)),
      maxMs: round(Math.max(...ms), 1),
      firstMs: round(first.paintMs, 1),
      crossingAtLastShock: Number(crossing),
    },
  });
}

await runBench(main);
