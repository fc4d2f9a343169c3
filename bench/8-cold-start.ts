/**
 * Benchmark 8: cold start of the browser mode with the built-in sandbox.
 *
 * - Time: each run starts a fresh console (fresh data folder, `--sandbox-size small`, its own
 *   embedded sandbox) and opens its URL in a fresh browser context with the cache disabled (CDP
 *   `Network.setCacheDisabled`); the browser process itself stays up, as an operator's would.
 *   Clock: the navigation start of the page (`performance.now()` counts from it; `page.goto` is
 *   called just before). Done: the first `[data-testid="row"]` element of the default tab
 *   (Portfolios & wallets) is attached (MutationObserver installed before any app code); the next
 *   frame after it is reported too. The console's own start-up is reported apart, not counted.
 *   Target ≤ 800 ms (median).
 * - Size: the JS that `out/renderer/index.html` loads before anything is clicked, i.e. its
 *   `<script src>` and `<link rel="modulepreload">` files, each gzipped with zlib (level 9, as a
 *   server would precompress), summed; lazy chunks of the other tabs are not counted. Target ≤ 300 KB
 *   (KB = 1,000 bytes). The JS the page actually fetched before the first row is listed as well.
 *
 * Issue 16's target 15 is the same measurement with ≤ 400 ms: both targets are printed on every
 * run. The record is number 8 (≤ 800 ms), or number 25 (≤ 400 ms) when BENCH_COLD_START_RECORD=25,
 * which is how `bench/cold-start-400.ts` (run-all's 25) runs this script.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { emit, heading, machine, median, round } from './lib/report';
import { Budget, frozenRenderer, launchBrowser, runBench, spread, startConsole } from './lib/browser';
import { PROBES, byTestId } from './lib/page-probes';
import { profileDir, traced } from './lib/profile';
import { rendererThreadMs } from './lib/walked-tab';

const RUNS = 5;
const RECORD = process.env.BENCH_COLD_START_RECORD === '25' ? 25 : 8;
/** The first round's target (record 8) and issue 16's target 15 (record 25). */
const TARGETS_MS = { 8: 800, 25: 400 } as const;
const TARGET_MS = TARGETS_MS[RECORD];
const TARGET_KB = 300;
const FIRST_ROW = `${byTestId('view-portfolios-wallets')} ${byTestId('row')}`;

interface InitialJs {
  files: { file: string; bytes: number; gzip: number }[];
  gzip: number;
  bytes: number;
}

/** The JS index.html loads up front: module scripts and modulepreloads, gzipped one by one. */
async function initialJs(staticDir: string): Promise<InitialJs> {
  const html = await readFile(join(staticDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /\bsrc=/.test(tag);
    const isPreload = tag.startsWith('<link') && /\brel=["']?modulepreload/.test(tag);
    const ref = /\b(?:src|href)=["']?([^"'\s>]+)/.exec(tag)?.[1];
    if ((isScript || isPreload) && ref !== undefined) refs.add(ref.replace(/^\.?\//, ''));
  }
  const files = await Promise.all(
    [...refs].map(async (file) => {
      const body = await readFile(join(staticDir, file));
      return { file, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length };
    }),
  );
  return {
    files,
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    bytes: files.reduce((s, f) => s + f.bytes, 0),
  };
}

interface Run {
  firstRowMs: number;
  paintedMs: number;
  gotoToRowMs: number;
  consoleStartMs: number;
  jsFetched: string[];
  /** Each request before the first row: name start–end (ms from navigation start). */
  waterfall: string[];
  /** The page's renderer main thread CPU time when the row was seen: load-independent. */
  cpuMs: number;
  /** Browser-UI pages (chrome://…) alive at the row: Chromium's own work, loading beside the page. */
  browserUi: string[];
}

/** Targets of the browser that are Chromium's own UI rather than a page, worker or the like. */
async function browserUiTargets(browser: Browser): Promise<string[]> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = await session.send('Target.getTargets');
    return targetInfos
      .filter((t) => t.type === 'browser_ui' || t.url.startsWith('chrome://'))
      .map((t) => t.url);
  } finally {
    await session.detach();
  }
}

async function main(): Promise<void> {
  const budget = new Budget(75_000);
  const loadBefore = machine().load1;
  const staticDir = await frozenRenderer();
  const js = await initialJs(staticDir);
  const browser = await launchBrowser();
  const runs: Run[] = [];
  for (let r = 0; r < RUNS; r++) {
    if (r > 0 && !budget.allows(budget.elapsed() / r)) break;
    const server = await startConsole({ size: 'small', staticDir });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      await context.addInitScript({ content: PROBES });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      // ThreadTime counts from here (Performance.enable), before the navigation.
      await cdp.send('Performance.enable');
      const started = performance.now();
      const open = async () => {
        await page.goto(server.url);
        // The probe's own observer, awaited without polling: Playwright's waitForSelector tests
        // its selector in the page on every frame, ~100 ms of the measured thread's CPU here.
        await page.evaluate('window.__bench.firstRowSeen');
      };
      // BENCH_PROFILE=<dir>: the first run is traced (its figures still count; tracing slows it).
      const dir = profileDir();
      if (dir !== null && r === 0) await traced(browser, page, dir, '8-cold-start', open);
      else await open();
      const gotoToRowMs = performance.now() - started;
      const cpuMs = await rendererThreadMs(cdp);
      const browserUi = await browserUiTargets(browser);
      await page.waitForFunction('window.__bench.marks.firstRowPainted !== undefined');
      const inPage = await page.evaluate<{
        firstRow: number;
        painted: number;
        js: string[];
        waterfall: string[];
      }>(`(() => {
        const B = window.__bench;
        const nav = performance.getEntriesByType('navigation')[0];
        const early = performance.getEntriesByType('resource').filter((e) => e.startTime < B.marks.firstRow);
        const fmt = (name, s, e) => name + ' ' + Math.round(s) + '–' + Math.round(e);
        return {
          firstRow: B.marks.firstRow,
          painted: B.marks.firstRowPainted,
          js: early.filter((e) => e.name.endsWith('.js')).map((e) => e.name.split('/').pop()),
          waterfall: [
            fmt('index.html', nav.requestStart, nav.responseEnd),
            fmt('DOMContentLoaded', nav.domContentLoadedEventStart, nav.domContentLoadedEventEnd),
            ...early.map((e) => fmt(e.name.split('/').pop(), e.startTime, e.responseEnd)),
            fmt('first row', B.marks.firstRow, B.marks.firstRowPainted),
          ],
        };
      })()`);
      const rowInView = await page.$(FIRST_ROW);
      if (rowInView === null) throw new Error('no row in the default tab');
      runs.push({
        firstRowMs: inPage.firstRow,
        cpuMs,
        browserUi,
        paintedMs: inPage.painted,
        gotoToRowMs,
        consoleStartMs: server.startMs,
        jsFetched: inPage.js,
        waterfall: inPage.waterfall,
      });
    } finally {
      await context.close();
      await server.stop();
    }
  }
  const firstRow = runs.map((r) => r.firstRowMs);
  const med = round(median(firstRow), 1);
  const kb = (b: number) => round(b / 1000, 1);
  heading(`8. cold start, browser mode (${runs.length} runs, fresh console and context each, cache off)`);
  console.info(
    `navigation → first row of Portfolios & wallets attached: ${med} ms [${spread(firstRow)}] ` +
      `(targets: ≤ ${TARGETS_MS[8]} first round: ${med <= TARGETS_MS[8] ? 'yes' : 'no'}; ` +
      `≤ ${TARGETS_MS[25]} issue 16 target 15: ${med <= TARGETS_MS[25] ? 'yes' : 'no'}); ` +
      `→ next frame ${round(median(runs.map((r) => r.paintedMs)), 1)} ms; ` +
      `page.goto → row seen by Playwright ${Math.round(median(runs.map((r) => r.gotoToRowMs)))} ms; ` +
      `renderer main-thread CPU until then ${Math.round(median(runs.map((r) => r.cpuMs)))} ms ` +
      `[${spread(runs.map((r) => r.cpuMs))}] (does not grow with the load)`,
  );
  console.info(
    `console start-up (not counted): ${Math.round(median(runs.map((r) => r.consoleStartMs)))} ms; ` +
      `load average (1 min) ${loadBefore} before, ${machine().load1} after`,
  );
  console.info(
    `initial JS (index.html script + modulepreload, gzip -9): ${kb(js.gzip)} KB of ${kb(js.bytes)} KB ` +
      `(target ≤ ${TARGET_KB} KB): ${js.files.map((f) => `${f.file} ${kb(f.gzip)} KB`).join(', ')}`,
  );
  const browserUi = [...new Set(runs.flatMap((r) => r.browserUi))];
  console.info(
    `browser-UI targets at the row (Chromium's own pages, loading beside the console's): ` +
      (browserUi.length === 0 ? 'none' : browserUi.join(', ')),
  );
  console.info(`JS fetched before the first row: ${runs[0]?.jsFetched.join(', ') ?? ''}`);
  const typical = runs.find((r) => r.firstRowMs === median(firstRow));
  console.info(
    `waterfall of the median run (ms from navigation start): ${typical?.waterfall.join('; ') ?? ''}`,
  );
  emit({
    id: RECORD,
    what:
      RECORD === 25
        ? 'cold start ≤ 400 ms (issue 16 target 15): navigation → first row of the default tab; initial JS'
        : 'cold start, browser mode: navigation → first row of the default tab; initial JS',
    figure: `${med} ms, ${kb(js.gzip)} KB gzip`,
    target: `≤ ${TARGET_MS} ms, ≤ ${TARGET_KB} KB gzip`,
    pass: runs.length > 0 && med <= TARGET_MS && js.gzip <= TARGET_KB * 1000,
    details: {
      runs: runs.length,
      targetsMs: TARGETS_MS,
      load1Before: loadBefore,
      firstRowMs: firstRow.map((v) => round(v, 1)),
      paintedMs: runs.map((r) => round(r.paintedMs, 1)),
      gotoToRowMs: runs.map((r) => Math.round(r.gotoToRowMs)),
      rendererCpuMs: runs.map((r) => Math.round(r.cpuMs)),
      consoleStartMs: runs.map((r) => Math.round(r.consoleStartMs)),
      initialJs: js,
      jsFetchedBeforeFirstRow: runs[0]?.jsFetched ?? [],
      browserUiTargets: browserUi,
      waterfalls: runs.map((r) => r.waterfall.join('; ')),
    },
  });
}

await runBench(main);
