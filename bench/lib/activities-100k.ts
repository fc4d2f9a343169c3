/**
 * Benchmarks 6, 7 and 22: a fresh page on the console (`--sandbox-size large` or `huge`), the
 * Activities tab, limit 100,000 (or 1,000,000) rows, "Apply & load", until the rows are on screen.
 * Also the JS heap after a forced GC, through the Chrome DevTools Protocol.
 *
 * The rows are loaded into a store on the main side (`rows.loadActivities`, src/main/row-model)
 * and the table reads windows of it (`rows.window`): "data parsed" is the renderer's parse of the
 * load's answer (the store is complete on the main side), and the rows on screen are the first
 * window's.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { PROBES, byTestId, type Measured } from './page-probes';
import type { ConsoleProcess } from './browser';

export const ROWS = 100_000;
export const ROW_HEIGHT = 26;
export const TABLE = byTestId('table-activities');
export const VIEWPORT = { width: 1280, height: 800 };

const LOAD_CALL = 'rows.loadActivities';

export interface LoadTiming {
  /** load answer parsed in the renderer (`response.json()` resolved) → rows committed to the DOM. */
  commitMs: number;
  /** data parsed in the renderer → the next frame after the commit (the "first render"). */
  renderMs: number;
  /** click on Apply & load → that frame (includes fetching every page from the sandbox). */
  clickToPaintMs: number;
  /** last byte of the response → `response.json()` resolved. */
  parseMs: number;
  /** size of the load's response body in bytes. */
  responseBytes: number;
  longTasks: number[];
  rowsInDom: number;
}

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

/** A fresh context (nothing cached, nothing stored) with the probes, on the app, ready. */
export async function openConsole(browser: Browser, server: ConsoleProcess): Promise<OpenPage> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: PROBES });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(server.url);
  await page.waitForSelector(byTestId('app-ready'), { state: 'attached', timeout: 30_000 });
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}

/** Activities tab (its default load of 10,000 rows settled), then limit 100,000 and Load. */
export function load100k(page: Page): Promise<LoadTiming> {
  return loadRows(page, ROWS);
}

/**
 * Activities tab (its default load settled, if not open yet), then the limit `rows` and Load,
 * until that many rows are in the table and its first window is painted. `onStart` runs in the
 * page right after the click (e.g. to watch the progress bar).
 */
export async function loadRows(
  page: Page,
  rows: number,
  timeoutMs = 60_000,
  onStart = '',
): Promise<LoadTiming> {
  if ((await page.$(TABLE)) === null) await page.click(byTestId('tab-activities'));
  await page.waitForSelector(`${TABLE}[data-status="ready"]`, { timeout: 30_000 });
  await page.selectOption(byTestId('filter-limit'), String(rows));
  return page.evaluate<LoadTiming>(`(async () => {
    const B = window.__bench;
    delete B.parsed['${LOAD_CALL}'];
    const table = () => document.querySelector('${TABLE}');
    const t0 = performance.now();
    const done = B.when(() => {
      const t = table();
      return t !== null && t.getAttribute('data-status') === 'ready' &&
        t.getAttribute('data-row-count') === '${rows}' && t.querySelector('[data-testid="row"]') !== null;
    }, ${timeoutMs});
    document.querySelector('${byTestId('activity-filters')} ${byTestId('load')}').click();
    ${onStart}
    const dom = await done;
    const paint = await B.afterPaint();
    const parsed = B.parsed['${LOAD_CALL}'];
    const res = performance.getEntriesByType('resource').filter((e) => e.name.includes('/rpc/${LOAD_CALL}')).at(-1);
    return {
      commitMs: dom - parsed,
      renderMs: paint - parsed,
      clickToPaintMs: paint - t0,
      parseMs: res ? parsed - res.responseEnd : NaN,
      responseBytes: res ? res.decodedBodySize : NaN,
      longTasks: B.longTasks.filter((t) => t.start >= parsed - 1).map((t) => Math.round(t.duration)),
      rowsInDom: table().querySelectorAll('[data-testid="row"]').length,
    };
  })()`);
}

export interface SortTiming extends Measured {
  /** data-row-id of the first rendered row after the sort. */
  firstRowId: string;
  rowsInDom: number;
}

/**
 * One click on a column's sort button, timed in the page: from just before the click to the
 * commit that shows `aria-sort` = `expect` on that column's header AND rows in that order (the
 * table's `data-rows-sort`: the main side sorts, the first window in the new order arrives, then
 * the rows are re-rendered in one commit), then to the next frame.
 */
export async function sortOnce(
  page: Page,
  columnId: string,
  expect: 'ascending' | 'descending' | 'none',
): Promise<SortTiming> {
  const button = `${TABLE} ${byTestId(`col-${columnId}`)}`;
  return page.evaluate<SortTiming>(`(async () => {
    const B = window.__bench;
    const button = document.querySelector('${button}');
    const header = button.closest('[role="columnheader"]');
    const before = header.getAttribute('aria-sort');
    const table = document.querySelector('${TABLE}');
    const label = '${expect === 'none' ? 'none' : `${columnId}:${expect === 'ascending' ? 'asc' : 'desc'}`}';
    const m = await B.measure(() => button.click(), () => header.getAttribute('aria-sort') === '${expect}' &&
      table.getAttribute('data-rows-sort') === label && table.querySelector('[data-testid="row"]') !== null).catch((e) => {
      throw new Error(e.message + ': aria-sort was ' + before + ', is ' + header.getAttribute('aria-sort') + ', connected ' + header.isConnected);
    });
    const rows = Array.from(document.querySelectorAll('${TABLE} [data-testid="row"]'))
      .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')));
    return { ...m, firstRowId: rows[0] ? rows[0].getAttribute('data-row-id') : '', rowsInDom: rows.length };
  })()`);
}

export interface Heap {
  /** Performance.getMetrics JSHeapUsedSize after two forced collections, bytes. */
  jsHeapUsed: number;
  /** Runtime.getHeapUsage, bytes (V8 heap used; embedder heap and backing stores separately). */
  usedSize: number;
  totalSize: number;
}

export async function heapAfterGc(cdp: CDPSession): Promise<Heap> {
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const usage = await cdp.send('Runtime.getHeapUsage');
  const jsHeapUsed = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
  return { jsHeapUsed, usedSize: usage.usedSize, totalSize: usage.totalSize };
}

export const MB = 1_000_000;
