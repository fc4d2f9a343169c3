/**
 * Benchmark 6: the console in Chromium (browser mode, production build, `--sandbox-size large`)
 * with 100,000 activity rows. Each run is a fresh browser context (fresh page, nothing cached):
 *
 * - render: Activities tab, limit 100,000, Apply & load. Clock starts when the renderer's
 *   `response.json()` of `activities.listAll` resolves (data parsed, before React runs); done when
 *   the table says data-status="ready" and data-row-count="100000" with row elements attached
 *   (seen by a MutationObserver), plus the next frame (rAF, then a posted message). Target ≤ 150 ms.
 * - sort: clicks on the Time header (createdAt; Activities have no amount column), each timed from
 *   just before the click to the commit showing the new aria-sort, plus the next frame. The default
 *   is time descending, so: → none (not counted), → ascending, → descending; the figure is the
 *   slower of the two real sorts. A first sort by Name (text keys computed on the spot) is reported
 *   for reference. Target ≤ 250 ms.
 * - scroll: from the top, a requestAnimationFrame loop adds 260 px (10 rows) to the grid's
 *   scrollTop every frame until 5,000 rows have passed (the rendered rows reach index start+5000).
 *   Frame interval = difference of consecutive rAF timestamps; the figure is their p95. Every
 *   frame counts the row elements in the table and checks that the row at the top of the viewport
 *   is rendered (else a "blank" frame). Target p95 ≤ 16.7 ms, never more than 200 row elements.
 *
 * Figures are medians over the runs.
 */
import { emit, heading, median, percentile, round } from './lib/report';
import {
  Budget,
  frozenRenderer,
  launchBrowser,
  resetRememberedViews,
  runBench,
  spread,
  startConsole,
} from './lib/browser';
import { ROW_HEIGHT, TABLE, load100k, openConsole, sortOnce, type LoadTiming } from './lib/activities-100k';
import type { ScrollResult } from './lib/page-probes';
import { profileDir, profiled, traced } from './lib/profile';

const RUNS = 3;
const SCROLL_ROWS = 5000;
const PX_PER_FRAME = 10 * ROW_HEIGHT;
const TARGET = { renderMs: 150, sortMs: 250, p95FrameMs: 16.7, maxRows: 200 };
/**
 * rAF timestamps are clamped to 100 µs (no cross-origin isolation), so a steady 60 Hz reads as
 * 16.6 / 16.7 / 16.8 ms: the p95 passes up to 16.7 + 0.2 ms. A dropped frame reads ≥ 33.3 ms.
 */
const CLAMP_SLACK_MS = 0.2;
/** An interval longer than 1.5 frames means at least one frame was missed. */
const DROPPED_MS = 25;

const scrollExpr = (rows: number) =>
  `window.__bench.scroll(document.querySelector('${TABLE} [role="grid"]'), ${rows}, ${PX_PER_FRAME}, ${ROW_HEIGHT})`;

/**
 * BENCH_PROFILE=<dir>: one extra page, its load and sorts under the JS profiler, then a scroll of
 * 1,000 rows under a performance trace and another under the JS profiler (no figures from it).
 */
async function profileRun(
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  server: Awaited<ReturnType<typeof startConsole>>,
  dir: string,
): Promise<void> {
  const { context, page, cdp } = await openConsole(browser, server);
  try {
    await profiled(cdp, dir, '6-load-100k', () => load100k(page));
    await sortOnce(page, 'createdAt', 'none');
    await profiled(cdp, dir, '6-sort-time-asc', () => sortOnce(page, 'createdAt', 'ascending'));
    await profiled(cdp, dir, '6-sort-name-asc', () => sortOnce(page, 'name', 'ascending'));
    await traced(browser, page, dir, '6-scroll', () => page.evaluate<ScrollResult>(scrollExpr(1000)));
    await profiled(cdp, dir, '6-scroll', () => page.evaluate<ScrollResult>(scrollExpr(1000)));
  } finally {
    await context.close();
    await resetRememberedViews(server);
  }
}

interface Run {
  load: LoadTiming;
  unsortMs: number;
  timeAscMs: number;
  timeDescMs: number;
  nameAscMs: number;
  sortLongTasks: number[];
  sortOrderChanged: boolean;
  scroll: Omit<ScrollResult, 'intervals'> & {
    p50: number;
    p95: number;
    p99: number;
    max: number;
    /** Share of frame intervals over 25 ms, %. */
    droppedPct: number;
  };
  maxRowsInDom: number;
}

async function main(): Promise<void> {
  const budget = new Budget(80_000);
  const staticDir = await frozenRenderer();
  const server = await startConsole({ size: 'large', staticDir });
  const browser = await launchBrowser();
  const dir = profileDir();
  if (dir !== null) await profileRun(browser, server, dir);
  const runs: Run[] = [];
  const firstRunAt = budget.elapsed();
  for (let r = 0; r < RUNS; r++) {
    if (r > 0 && !budget.allows((budget.elapsed() - firstRunAt) / r)) break;
    const { context, page } = await openConsole(browser, server);
    try {
      const load = await load100k(page);
      await page.waitForTimeout(300);
      const unsort = await sortOnce(page, 'createdAt', 'none');
      await page.waitForTimeout(200);
      const asc = await sortOnce(page, 'createdAt', 'ascending');
      await page.waitForTimeout(200);
      const desc = await sortOnce(page, 'createdAt', 'descending');
      await page.waitForTimeout(200);
      const name = await sortOnce(page, 'name', 'ascending');
      await page.waitForTimeout(200);
      await sortOnce(page, 'createdAt', 'ascending');
      await page.evaluate(`document.querySelector('${TABLE} [role="grid"]').scrollTop = 0`);
      await page.waitForTimeout(300);
      const scroll = await page.evaluate<ScrollResult>(scrollExpr(SCROLL_ROWS));
      const { intervals, ...rest } = scroll;
      runs.push({
        load,
        unsortMs: unsort.paintMs,
        timeAscMs: asc.paintMs,
        timeDescMs: desc.paintMs,
        nameAscMs: name.paintMs,
        sortLongTasks: [...asc.longTasks, ...desc.longTasks],
        sortOrderChanged: asc.firstRowId !== desc.firstRowId,
        scroll: {
          ...rest,
          p50: round(percentile(intervals, 50)),
          p95: round(percentile(intervals, 95)),
          p99: round(percentile(intervals, 99)),
          max: round(Math.max(...intervals)),
          droppedPct: round((100 * intervals.filter((i) => i > DROPPED_MS).length) / intervals.length, 1),
        },
        maxRowsInDom: Math.max(
          load.rowsInDom,
          unsort.rowsInDom,
          asc.rowsInDom,
          desc.rowsInDom,
          name.rowsInDom,
          scroll.maxRows,
        ),
      });
    } finally {
      await context.close();
      await resetRememberedViews(server);
    }
  }

  const col = (f: (r: Run) => number) => runs.map(f);
  const renders = col((r) => r.load.renderMs);
  const sorts = col((r) => Math.max(r.timeAscMs, r.timeDescMs));
  const p95s = col((r) => r.scroll.p95);
  const maxRows = Math.max(...col((r) => r.maxRowsInDom));
  const med = {
    renderMs: round(median(renders), 1),
    sortMs: round(median(sorts), 1),
    p95FrameMs: round(median(p95s), 2),
  };
  const ok = runs.every((r) => r.sortOrderChanged && r.scroll.rowsPassed >= SCROLL_ROWS);
  const pass =
    ok &&
    med.renderMs <= TARGET.renderMs &&
    med.sortMs <= TARGET.sortMs &&
    med.p95FrameMs <= TARGET.p95FrameMs + CLAMP_SLACK_MS &&
    maxRows <= TARGET.maxRows;

  heading(`6. 100,000 activities in Chromium (${runs.length} fresh pages, medians)`);
  console.info(`console start (large sandbox): ${Math.round(server.startMs)} ms`);
  console.info(
    `render (data parsed → rows painted): ${med.renderMs} ms [${spread(renders)}] (target ≤ ${TARGET.renderMs}); ` +
      `commit ${round(median(col((r) => r.load.commitMs)), 1)} ms; JSON parse ${round(median(col((r) => r.load.parseMs)))} ms ` +
      `of ${round((runs[0]?.load.responseBytes ?? 0) / 1e6, 1)} MB; click → painted ${Math.round(median(col((r) => r.load.clickToPaintMs)))} ms`,
  );
  console.info(
    `sort by time (click → painted): asc ${round(median(col((r) => r.timeAscMs)), 1)} ms [${spread(col((r) => r.timeAscMs))}], ` +
      `desc ${round(median(col((r) => r.timeDescMs)), 1)} ms [${spread(col((r) => r.timeDescMs))}] (target ≤ ${TARGET.sortMs}); ` +
      `unsort ${round(median(col((r) => r.unsortMs)), 1)} ms; first sort by name ${round(median(col((r) => r.nameAscMs)), 1)} ms`,
  );
  console.info(
    `scroll ${SCROLL_ROWS} rows at ${PX_PER_FRAME} px/frame: frame p95 ${med.p95FrameMs} ms [${spread(p95s, 1)}], ` +
      `p50 ${median(col((r) => r.scroll.p50))}, p99 ${median(col((r) => r.scroll.p99))}, max ${Math.max(...col((r) => r.scroll.max))} ms ` +
      `(target p95 ≤ ${TARGET.p95FrameMs}); intervals > ${DROPPED_MS} ms ${col((r) => r.scroll.droppedPct).join('/')} %; ` +
      `frames ${median(col((r) => r.scroll.frames))}, blank frames ${col((r) => r.scroll.blankFrames).join('/')}`,
  );
  console.info(
    `row elements in the DOM, max over every frame and step: ${maxRows} (target ≤ ${TARGET.maxRows})`,
  );
  emit({
    id: 6,
    what: '100,000 activities in Chromium: render / sort by time / scroll 5,000 rows',
    figure: `render ${med.renderMs} ms, sort ${med.sortMs} ms, p95 frame ${med.p95FrameMs} ms, ${maxRows} rows in DOM`,
    target: 'render ≤ 150 ms, sort ≤ 250 ms, p95 frame ≤ 16.7 ms, ≤ 200 rows in DOM',
    pass,
    details: {
      runs: runs.length,
      medians: med,
      maxRowsInDom: maxRows,
      consoleStartMs: Math.round(server.startMs),
      perRun: runs.map((r) => ({
        ...r,
        load: { ...r.load, longTasks: r.load.longTasks.join(',') },
        sortLongTasks: r.sortLongTasks.join(','),
        scroll: { ...r.scroll, longTasks: r.scroll.longTasks.length },
      })),
    },
  });
}

await runBench(main);
