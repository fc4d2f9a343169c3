/**
 * Benchmarks 23 and 24 (issue 16, targets 13 and 14): a tab that walks every page of a list on
 * the main side (`<call>` = `cryptoAddresses.listAll`, `loans.listAll`), timed in the page as
 * benchmark 6 times the activities:
 *
 * - `openWalkedTab`: click on the tab → the first rows painted (`firstRowsMs`, the fetch
 *   included: issue 30's figure), and click on the tab → the table holds every row (`data-status="ready"`,
 *   `data-row-count` = the expected count, row elements attached), plus the next frame. The figure
 *   is "first rows": from the renderer's `response.json()` of the call resolving (the data is in
 *   the renderer, parsed, before React runs) to that frame. Printed next to it: the answer's own
 *   time (the request's resource timing, start → last byte: the walk on the main side), the parse
 *   and the whole click → rows.
 * - `pasteInto`: sets a search box's value as a paste does (one `input` event through the native
 *   setter, which React's onChange sees) and times it to the commit where `done` holds, plus the
 *   next frame (`__bench.measure`).
 */
import type { CDPSession, Page } from 'playwright-core';
import { byTestId, type Measured } from './page-probes';

/**
 * Click on the tab → a row of its own table attached, plus the next frame (`__bench.measure`): the
 * first rows with the fetch included (benchmarks 12 and 29). The table's own rows: during the
 * lazy load the view element is already renamed while it still holds the previous tab's rows.
 */
export function clickToFirstRows(page: Page, tab: string, timeoutMs = 60_000): Promise<Measured> {
  return page.evaluate<Measured>(`(() => {
    const B = window.__bench;
    return B.measure(
      () => document.querySelector('${byTestId(`tab-${tab}`)}').click(),
      () => document.querySelector('${byTestId(`table-${tab}`)} ${byTestId('row')}') !== null,
      ${timeoutMs},
    );
  })()`);
}

/** Waits, untimed, until the tab's table holds its whole walk (`data-status="ready"`). */
export async function walkEnded(page: Page, tab: string, timeoutMs = 60_000): Promise<void> {
  await page.waitForSelector(`${byTestId(`table-${tab}`)}[data-status="ready"]`, {
    state: 'attached',
    timeout: timeoutMs,
  });
}

/**
 * The renderer main thread's CPU time so far (CDP Performance.getMetrics `ThreadTime`), ms. The
 * difference across a step is the work the page did for it: unlike wall time, it does not grow
 * when other processes hold the cores (on this shared machine the load average is often 10+).
 */
export async function rendererThreadMs(cdp: CDPSession): Promise<number> {
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN) * 1000;
}

/** Runs `step` and adds the renderer main thread's CPU time it took (`cpuMs`). */
export async function withCpu<T extends object>(
  cdp: CDPSession,
  step: () => Promise<T>,
): Promise<T & { cpuMs: number }> {
  const before = await rendererThreadMs(cdp);
  const value = await step();
  return { ...value, cpuMs: (await rendererThreadMs(cdp)) - before };
}

export interface WalkedTabTiming {
  /** data parsed in the renderer → the next frame after the rows' commit: the figure. */
  renderMs: number;
  /** data parsed → the commit. */
  commitMs: number;
  /** request start → last byte of the answer (resource timing): the walk on the main side. */
  answerMs: number;
  /** last byte → `response.json()` resolved. */
  parseMs: number;
  /** click on the tab → rows painted. */
  clickToPaintMs: number;
  /**
   * click on the tab → the first rows painted, the fetch included (issue 30: the first page shows
   * while the walk goes on): a row of the tab's table attached, plus the next frame.
   */
  firstRowsMs: number;
  /** Rows the table held when its first rows were painted. */
  firstRowCount: number;
  /** click on the tab → the walk's request sent (resource timing start): the tab's own start-up. */
  requestSentMs: number;
  responseBytes: number;
  rowCount: number;
  rowsInDom: number;
  longTasks: number[];
}

export async function openWalkedTab(
  page: Page,
  opts: { tab: string; table: string; call: string; rows: number; timeoutMs?: number },
): Promise<WalkedTabTiming> {
  const table = byTestId(`table-${opts.table}`);
  return page.evaluate<WalkedTabTiming>(`(async () => {
    const B = window.__bench;
    delete B.parsed['${opts.call}'];
    const table = () => document.querySelector('${table}');
    const t0 = performance.now();
    const done = B.when(() => {
      const t = table();
      return t !== null && t.getAttribute('data-status') === 'ready' &&
        t.getAttribute('data-row-count') === '${opts.rows}' && t.querySelector('[data-testid="row"]') !== null;
    }, ${opts.timeoutMs ?? 60_000});
    let firstRowCount = 0;
    const first = B.when(() => {
      const t = table();
      if (t === null || t.querySelector('[data-testid="row"]') === null) return false;
      firstRowCount = Number(t.getAttribute('data-row-count'));
      return true;
    }, ${opts.timeoutMs ?? 60_000}).then(() => B.afterPaint());
    document.querySelector('${byTestId(`tab-${opts.tab}`)}').click();
    const firstPaint = await first;
    const dom = await done;
    const paint = await B.afterPaint();
    const parsed = B.parsed['${opts.call}'];
    if (parsed === undefined) throw new Error('no answer of ${opts.call} was parsed');
    const res = performance.getEntriesByType('resource').filter((e) => e.name.includes('/rpc/${opts.call}')).at(-1);
    return {
      renderMs: paint - parsed,
      commitMs: dom - parsed,
      answerMs: res ? res.responseEnd - res.startTime : NaN,
      parseMs: res ? parsed - res.responseEnd : NaN,
      clickToPaintMs: paint - t0,
      firstRowsMs: firstPaint - t0,
      firstRowCount,
      requestSentMs: res ? res.startTime - t0 : NaN,
      responseBytes: res ? res.decodedBodySize : NaN,
      rowCount: Number(table().getAttribute('data-row-count')),
      rowsInDom: table().querySelectorAll('[data-testid="row"]').length,
      longTasks: B.longTasks.filter((t) => t.start >= parsed - 1).map((t) => Math.round(t.duration)),
    };
  })()`);
}

/**
 * Pastes `text` into the input with test id `inputTestId` and waits until the table `table` holds
 * `rows` rows (and, when given, a rendered row with id `rowId`).
 */
export function pasteInto(
  page: Page,
  opts: { inputTestId: string; table: string; text: string; rows: number; rowId?: string },
): Promise<Measured> {
  const table = byTestId(`table-${opts.table}`);
  const row = opts.rowId === undefined ? '' : `[data-testid="row"][data-row-id="${opts.rowId}"]`;
  return page.evaluate<Measured>(`(() => {
    const B = window.__bench;
    const input = document.querySelector('${byTestId(opts.inputTestId)}');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    return B.measure(
      () => {
        setValue.call(input, ${JSON.stringify(opts.text)});
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      () => {
        const t = document.querySelector('${table}');
        return t !== null && t.getAttribute('data-row-count') === '${opts.rows}' &&
          ${row === '' ? 'true' : `t.querySelector('${row}') !== null`};
      },
      10000,
    );
  })()`);
}
