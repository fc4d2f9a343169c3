/**
 * Benchmark 9: switching workspace and back (browser mode, production build).
 *
 * Two workspaces: the built-in "Local sandbox" (console `--sandbox-size small`) and "Second
 * sandbox", environment sandbox, pointing at a standalone sandbox started here (`startSandbox`,
 * seed 42, so other organizations and ids; rate limit off), added through the contract:
 * `keychain.createVault` (the console runs without a Secret Service), `workspaces.create`,
 * `keychain.setKey`, with the token header, before the page opens.
 *
 * Each run is a fresh browser context: the Local sandbox opens on its default tab (Portfolios &
 * wallets, rows on screen); switch to the second workspace, open Loans there and wait for its
 * rows (first visits, not timed); then, timed, switch back to Local and to Second, twice. A switch
 * is timed in the page: from just before the `change` event on the `workspace-switcher` select
 * (what a choice in it fires) to the commit in which the top bar shows the other workspace's
 * organization id and the other workspace's last tab (`view-<tab>`) has row elements, plus the
 * next frame. The figure is the median of every timed switch of every run. Target ≤ 100 ms.
 */
import { startSandbox } from '../src/sandbox/index';
import { emit, heading, median, percentile, round } from './lib/report';
import {
  Budget,
  frozenRenderer,
  launchBrowser,
  listWorkspaces,
  onCleanup,
  resetRememberedViews,
  rpc,
  runBench,
  spread,
  startConsole,
  type ConsoleProcess,
} from './lib/browser';
import { PROBES, byTestId, loadedRow, type Measured } from './lib/page-probes';
import type { Page } from 'playwright-core';

const RUNS = 3;
const SWITCHES_PER_RUN = 4;
const TARGET_MS = 100;
const API_KEY = 'bench-second-key';
const API_SECRET = 'bench-second-secret-0123456789abcdef';

interface Target {
  id: string;
  org: string;
  tab: string;
}

/** Selects `to` in the switcher and waits (in the page) for its organization and rows. */
function switchTo(page: Page, to: Target): Promise<Measured> {
  return page.evaluate<Measured>(`(() => {
    const B = window.__bench;
    const select = document.querySelector('${byTestId('workspace-switcher')}');
    const org = () => document.querySelector('${byTestId('workspace-organization')}');
    return B.measure(
      () => {
        select.value = '${to.id}';
        select.dispatchEvent(new Event('input', { bubbles: true }));
        select.dispatchEvent(new Event('change', { bubbles: true }));
      },
      () => {
        const o = org();
        return o !== null && o.textContent === '${to.org}' &&
          document.querySelector('${byTestId(`view-${to.tab}`)} ${byTestId('row')}') !== null;
      },
      15000,
    );
  })()`);
}

async function addSecondWorkspace(server: ConsoleProcess, baseUrl: string, org: string): Promise<string> {
  await rpc(server, 'keychain.createVault', { passphrase: 'bench passphrase, not a secret' });
  const ws = await rpc<{ id: string }>(server, 'workspaces.create', {
    name: 'Second sandbox',
    environment: 'sandbox',
    organizationId: org,
    baseUrl,
  });
  await rpc(server, 'keychain.setKey', { workspaceId: ws.id, apiKey: API_KEY, apiSecret: API_SECRET });
  return ws.id;
}

async function main(): Promise<void> {
  const budget = new Budget(75_000);
  const staticDir = await frozenRenderer();
  const second = await startSandbox({
    seed: 42,
    size: 'small',
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    rateLimit: false,
  });
  onCleanup(() => second.close());
  const server = await startConsole({
    size: 'small',
    staticDir,
    env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' },
  });
  const secondId = await addSecondWorkspace(server, second.baseUrl, second.organizationId);
  const local = (await listWorkspaces(server)).find((w) => w.builtIn);
  if (local === undefined) throw new Error('no built-in workspace');
  const A: Target = { id: local.id, org: local.organizationId, tab: 'portfolios-wallets' };
  const B: Target = { id: secondId, org: second.organizationId, tab: 'loans' };
  if (A.org === B.org) throw new Error('both workspaces show the same organization');

  const browser = await launchBrowser();
  const timed: { to: 'local' | 'second'; ms: number; domMs: number; longTasks: number[] }[] = [];
  const firstVisits: number[] = [];
  let runs = 0;
  for (let r = 0; r < RUNS; r++) {
    if (r > 0 && !budget.allows(budget.elapsed() / r)) break;
    // Every run starts as the first: Local active, no remembered tab anywhere.
    await resetRememberedViews(server);
    await rpc(server, 'workspaces.activate', { id: A.id });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      await context.addInitScript({ content: PROBES });
      const page = await context.newPage();
      await page.goto(server.url);
      await page.waitForSelector(byTestId('app-ready'), { state: 'attached', timeout: 30_000 });
      await page.waitForSelector(`${byTestId('view-portfolios-wallets')} ${byTestId('row')}`, {
        state: 'attached',
      });
      // First visit of the second workspace (its data is fetched): Loans, rows on screen.
      firstVisits.push((await switchTo(page, { ...B, tab: 'portfolios-wallets' })).paintMs);
      await page.click(byTestId('tab-loans'));
      await page.waitForSelector(loadedRow('loans'), {
        state: 'attached',
        timeout: 15_000,
      });
      await page.waitForTimeout(300);
      for (let s = 0; s < SWITCHES_PER_RUN; s++) {
        const to = s % 2 === 0 ? A : B;
        const m = await switchTo(page, to);
        timed.push({
          to: to === A ? 'local' : 'second',
          ms: m.paintMs,
          domMs: m.domMs,
          longTasks: m.longTasks,
        });
        await page.waitForTimeout(300);
      }
      runs++;
    } finally {
      await context.close();
    }
  }
  const all = timed.map((t) => t.ms);
  const med = round(median(all), 1);
  const toLocal = timed.filter((t) => t.to === 'local').map((t) => t.ms);
  const toSecond = timed.filter((t) => t.to === 'second').map((t) => t.ms);
  heading(`9. switching workspace and back (${runs} fresh pages, ${timed.length} timed switches)`);
  console.info(
    `switch → other workspace's last view with rows, next frame: median ${med} ms [${spread(all)}], ` +
      `p90 ${round(percentile(all, 90), 1)} ms (target ≤ ${TARGET_MS}); to Local (Portfolios & wallets) ` +
      `${round(median(toLocal), 1)} ms, to Second (Loans) ${round(median(toSecond), 1)} ms; ` +
      `commit ${round(median(timed.map((t) => t.domMs)), 1)} ms`,
  );
  console.info(
    `first visit of the second workspace (fetches its data, not timed): ${firstVisits.map(Math.round).join(', ')} ms`,
  );
  emit({
    id: 9,
    what: "switching workspace and back: the other workspace's last view on screen",
    figure: `${med} ms`,
    target: `≤ ${TARGET_MS} ms`,
    pass: timed.length > 0 && med <= TARGET_MS,
    details: {
      runs,
      switches: timed.map((t) => ({
        ...t,
        ms: round(t.ms, 1),
        domMs: round(t.domMs, 1),
        longTasks: t.longTasks.join(','),
      })),
      medianToLocalMs: round(median(toLocal), 1),
      medianToSecondMs: round(median(toSecond), 1),
      p90Ms: round(percentile(all, 90), 1),
      firstVisitMs: firstVisits.map(Math.round),
    },
  });
}

await runBench(main);
