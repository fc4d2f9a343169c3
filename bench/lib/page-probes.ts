/**
 * In-page instruments of the browser benchmarks, as plain JavaScript (bench/ is compiled without
 * DOM types, and functions handed to page.evaluate would carry tsx's helpers). `PROBES` is added
 * with `addInitScript`, so it runs before the app's own code; it defines `window.__bench`:
 *
 * - `marks.listAllParsed`: performance.now() when the renderer's `response.json()` of
 *   `/rpc/activities.listAll` resolved (the data is in the renderer, parsed; React has not run).
 * - `parsed[name]`: the same instant for the last answer of any call (`/rpc/<name>`), e.g.
 *   `parsed['loans.listAll']`.
 * - `marks.firstRow`: when the first `[data-testid="row"]` element was attached (MutationObserver,
 *   from the start of the document; `performance.now()` counts from the navigation start), and
 *   `marks.firstRowPainted`: the next frame after it (see afterPaint).
 * - `firstRowSeen`: a promise of `marks.firstRow`, for waiting without polling the page (Playwright's
 *   `waitForSelector` tests its selector in the page on every frame, on the thread being measured).
 * - `longTasks`: every long task (> 50 ms) the PerformanceObserver saw: {start, duration}.
 * - `afterPaint()`: resolves with performance.now() once the next frame has been produced: a
 *   requestAnimationFrame callback, then a message posted from it (runs after that frame's paint).
 * - `when(check, timeoutMs)`: resolves with the first performance.now() at which `check()` is true,
 *   tested at once and after every DOM mutation (so it sees the commit that made it true).
 * - `measure(action, check)`: t0 = performance.now(); action(); waits for check → dom; then the next
 *   frame → paint. Returns {domMs, paintMs, longTasks: [durations started after t0]}.
 * - `scroll(scroller, rows, pxPerFrame, rowHeight)`: the scripted scroll (see bench/6-table-100k.ts).
 */
export const PROBES = String.raw`(() => {
  if (window.__bench) return;
  const B = { marks: {}, parsed: {}, longTasks: [] };
  window.__bench = B;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}
  B.afterPaint = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => resolve(performance.now());
        ch.port2.postMessage(0);
      }),
    );
  const json = Response.prototype.json;
  Response.prototype.json = async function () {
    const url = this.url;
    const value = await json.call(this);
    if (url.includes('/rpc/activities.listAll')) B.marks.listAllParsed = performance.now();
    const rpc = /\/rpc\/([\w.]+)/.exec(url);
    if (rpc) B.parsed[rpc[1]] = performance.now();
    return value;
  };
  let rowSeen = () => {};
  B.firstRowSeen = new Promise((resolve) => (rowSeen = resolve));
  const rowObserver = new MutationObserver(() => {
    if (B.marks.firstRow === undefined && document.querySelector('[data-testid="row"]')) {
      B.marks.firstRow = performance.now();
      rowObserver.disconnect();
      rowSeen(B.marks.firstRow);
      B.afterPaint().then((t) => (B.marks.firstRowPainted = t));
    }
  });
  rowObserver.observe(document, { childList: true, subtree: true });
  B.when = (check, timeoutMs) =>
    new Promise((resolve, reject) => {
      if (check()) return resolve(performance.now());
      const obs = new MutationObserver(() => {
        if (!check()) return;
        obs.disconnect();
        clearTimeout(timer);
        resolve(performance.now());
      });
      const timer = setTimeout(() => {
        obs.disconnect();
        reject(new Error('condition not met within ' + timeoutMs + ' ms'));
      }, timeoutMs);
      obs.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
    });
  B.measure = async (action, check, timeoutMs) => {
    const t0 = performance.now();
    const waiting = B.when(check, timeoutMs || 10000);
    action();
    const dom = await waiting;
    const paint = await B.afterPaint();
    const longTasks = B.longTasks.filter((t) => t.start >= t0 - 1).map((t) => Math.round(t.duration));
    return { domMs: dom - t0, paintMs: paint - t0, longTasks };
  };
  B.scroll = (scroller, rows, pxPerFrame, rowHeight) =>
    new Promise((resolve) => {
      const rowSel = '[data-testid="row"]';
      const startTop = scroller.scrollTop;
      const startIndex = Math.floor(startTop / rowHeight);
      const targetTop = startTop + rows * rowHeight;
      const intervals = [];
      let lastTs = null;
      let maxRows = 0;
      let blankFrames = 0;
      let frames = 0;
      const t0 = performance.now();
      const longFrom = B.longTasks.length;
      const maxFrames = Math.ceil((rows * rowHeight) / pxPerFrame) + 600;
      const step = (ts) => {
        if (lastTs !== null) intervals.push(ts - lastTs);
        lastTs = ts;
        frames++;
        const rendered = scroller.querySelectorAll(rowSel);
        maxRows = Math.max(maxRows, rendered.length);
        const top = Math.floor(scroller.scrollTop / rowHeight) + 1;
        if (!scroller.querySelector(rowSel + '[aria-rowindex="' + top + '"]')) blankFrames++;
        let maxIndex = 0;
        for (const r of rendered) maxIndex = Math.max(maxIndex, Number(r.getAttribute('aria-rowindex')));
        const passed = maxIndex - startIndex;
        if ((scroller.scrollTop >= targetTop && passed >= rows) || frames > maxFrames) {
          resolve({
            intervals,
            frames,
            maxRows,
            blankFrames,
            rowsPassed: passed,
            scrolledPx: scroller.scrollTop - startTop,
            ms: performance.now() - t0,
            longTasks: B.longTasks.slice(longFrom).map((t) => Math.round(t.duration)),
          });
          return;
        }
        scroller.scrollTop = Math.min(targetTop, scroller.scrollTop + pxPerFrame);
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
})();`;

/** What `__bench.measure` returns. */
export interface Measured {
  domMs: number;
  paintMs: number;
  longTasks: number[];
}

/** What `__bench.scroll` returns. */
export interface ScrollResult {
  intervals: number[];
  frames: number;
  maxRows: number;
  blankFrames: number;
  rowsPassed: number;
  scrolledPx: number;
  ms: number;
  longTasks: number[];
}

/** A CSS attribute selector for a test id, quoted for use inside the page scripts above. */
export function byTestId(id: string): string {
  return `[data-testid="${id.replace(/["\\]/g, '\\$&')}"]`;
}

/**
 * A row of the tab's own table once its data has loaded. Not `view-<tab> row`: while a tab's code
 * loads, its view element already carries the new name but still shows the previous tab's rows, so
 * that selector is met before the tab has asked for anything (the Loans tab's walk of 10,000 loans
 * was then still arriving when a benchmark went on).
 */
export function loadedRow(table: string): string {
  return `${byTestId(`table-${table}`)}[data-status="ready"] ${byTestId('row')}`;
}
