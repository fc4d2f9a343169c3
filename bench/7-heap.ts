/**
 * Benchmark 7: the JS heap of the page holding 100,000 activity rows (browser mode, production
 * build, `--sandbox-size large`). Each run is a fresh browser context: the app ready on its default
 * tab (baseline), then Activities, limit 100,000, Apply & load, rows painted (as in benchmark 6),
 * then sorted by time ascending and descending (the sort keys and the sorted copy are kept, as an
 * operator would have them). Heap = `JSHeapUsedSize` of CDP `Performance.getMetrics` after two
 * `HeapProfiler.collectGarbage`, measured at each of the three points; the figure is the median
 * over runs of the largest. Target ≤ 200 MB (MB = 10^6 bytes; MiB in the details).
 */
import { emit, heading, median, round } from './lib/report';
import {
  Budget,
  frozenRenderer,
  launchBrowser,
  resetRememberedViews,
  runBench,
  spread,
  startConsole,
} from './lib/browser';
import { MB, heapAfterGc, load100k, openConsole, sortOnce } from './lib/activities-100k';

const RUNS = 3;
const TARGET_MB = 200;
const MIB = 1024 * 1024;

interface Run {
  baseline: number;
  loaded: number;
  sorted: number;
  responseBytes: number;
}

async function main(): Promise<void> {
  const budget = new Budget(75_000);
  const staticDir = await frozenRenderer();
  const server = await startConsole({ size: 'large', staticDir });
  const browser = await launchBrowser();
  const runs: Run[] = [];
  const firstRunAt = budget.elapsed();
  for (let r = 0; r < RUNS; r++) {
    if (r > 0 && !budget.allows((budget.elapsed() - firstRunAt) / r)) break;
    const { context, page, cdp } = await openConsole(browser, server);
    try {
      const baseline = await heapAfterGc(cdp);
      const load = await load100k(page);
      await page.waitForTimeout(500);
      const loaded = await heapAfterGc(cdp);
      await sortOnce(page, 'createdAt', 'none');
      await sortOnce(page, 'createdAt', 'ascending');
      await sortOnce(page, 'createdAt', 'descending');
      await page.waitForTimeout(500);
      const sorted = await heapAfterGc(cdp);
      runs.push({
        baseline: baseline.jsHeapUsed,
        loaded: loaded.jsHeapUsed,
        sorted: sorted.jsHeapUsed,
        responseBytes: load.responseBytes,
      });
    } finally {
      await context.close();
      await resetRememberedViews(server);
    }
  }
  const peaks = runs.map((r) => Math.max(r.loaded, r.sorted));
  const medPeak = median(peaks);
  const mb = (b: number) => round(b / MB, 1);
  const perRow = median(runs.map((r) => (r.loaded - r.baseline) / 100_000));
  heading(`7. JS heap with 100,000 activities (${runs.length} fresh pages, after forced GC)`);
  console.info(
    `baseline (default tab) ${mb(median(runs.map((r) => r.baseline)))} MB; ` +
      `100k loaded ${mb(median(runs.map((r) => r.loaded)))} MB; after sorts ${mb(median(runs.map((r) => r.sorted)))} MB ` +
      `[${spread(
        peaks.map((p) => p / MB),
        1,
      )}] (target ≤ ${TARGET_MB} MB); ≈ ${Math.round(perRow)} bytes per row; ` +
      `the JSON response was ${mb(runs[0]?.responseBytes ?? 0)} MB`,
  );
  emit({
    id: 7,
    what: 'JS heap of the page with 100,000 activity rows (after GC)',
    figure: `${mb(medPeak)} MB (${round(medPeak / MIB, 1)} MiB)`,
    target: `≤ ${TARGET_MB} MB`,
    pass: runs.length > 0 && medPeak <= TARGET_MB * MB,
    details: {
      runs: runs.length,
      medianMB: {
        baseline: mb(median(runs.map((r) => r.baseline))),
        loaded: mb(median(runs.map((r) => r.loaded))),
        sorted: mb(median(runs.map((r) => r.sorted))),
      },
      bytesPerRow: Math.round(perRow),
      perRunMB: runs.map((r) => ({ baseline: mb(r.baseline), loaded: mb(r.loaded), sorted: mb(r.sorted) })),
    },
  });
}

await runBench(main);
