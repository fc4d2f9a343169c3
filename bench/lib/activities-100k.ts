/**
 * Benchmarks 6 and 7: a fresh page on the console (`--sandbox-size large`), the Activities tab,
 * limit 100,000 rows, "Apply & load", until the 100,000 rows are on screen. Also the JS heap
 * after a forced GC, through the Chrome DevTools Protocol.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { PROBES, byTestId, type Measured } from './page-probes';
import type { ConsoleProcess } from './browser';

export const ROWS = 100_000;
export const ROW_HEIGHT = 26;
export const TABLE = byTestId('table-activities');
export const VIEWPORT = { width: 1280, height: 800 };

export interface LoadTiming {
  /** data parsed in the renderer (`response.json()` resolved) → rows committed to the DOM. */
  commitMs: number;
  /** data parsed in the renderer → the next frame after the commit (the "first render"). */
  renderMs: number;
  /** click on Apply & load → that frame (includes fetching 100 pages from the sandbox). */
  clickToPaintMs: number;
  /** last byte of the response → `response.json()` resolved. */
  parseMs: number;
  /** size of the listAll response body in bytes. */
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
export async function load100k(page: Page): Promise<LoadTiming> {
  await page.click(byTestId('tab-activities'));
  await page.waitForSelector(`${TABLE}[data-status="ready"]`, { timeout: 30_000 });
  await page.selectOption(byTestId('filter-limit'), String(ROWS));
  return page.evaluate<LoadTiming>(`(async () => {
    const B = window.__bench;
    delete B.marks.listAllParsed;
    const table = () => document.querySelector('${TABLE}');
    const t0 = performance.now();
    const done = B.when(() => {
      const t = table();
      return t !== null && t.getAttribute('data-status') === 'ready' &&
        t.getAttribute('data-row-count') === '${ROWS}' && t.querySelector('[data-testid="row"]') !== null;
    }, 60000);
    document.querySelector('${byTestId('activity-filters')} ${byTestId('load')}').click();
    const dom = await done;
    const paint = await B.afterPaint();
    const parsed = B.marks.listAllParsed;
    const res = performance.getEntriesByType('resource').filter((e) => e.name.includes('/rpc/activities.listAll')).at(-1);
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
 * commit that shows `aria-sort` = `expect` on that column's header (the rows are re-rendered in the
 * same commit), then to the next frame.
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
    const m = await B.measure(() => button.click(), () => header.getAttribute('aria-sort') === '${expect}').catch((e) => {
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
