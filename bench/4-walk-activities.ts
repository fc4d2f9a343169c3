/**
 * Benchmark 4: walking every page of the activities (limit 1000) through the platform client
 * (`listAllActivities`), from the `large` sandbox in a child process: 10,000, 50,000 and 100,000
 * rows (maxRows), taking turns in every round after a warm-up. Also checks that progress arrives
 * at least every 250 ms and that a cancel settles within 250 ms. Target: 100,000 rows ≤ 3 s, cost
 * linear in rows.
 */
import { listAllActivities } from '../src/main/platform/fetch-all';
import type { ProgressEvent } from '../src/shared/contract';
import { emit, heading, median, round } from './lib/report';
import { sandboxSpec, spawnServer } from './lib/servers';
import { CANCEL_TARGET_MS, PROGRESS_TARGET_MS, cancelPoints, measureCancel, withProgress } from './lib/jobs';
import { benchClient } from './lib/bench-client';

const SIZES = [10_000, 50_000, 100_000] as const;
const ROUNDS = 3;
/** Linear: the cost per row at 100k is at most this multiple of the cost per row at 10k. */
const LINEAR_SLACK = 1.5;

async function main(): Promise<void> {
  const server = await spawnServer(sandboxSpec('large'));
  try {
    const client = benchClient(server.baseUrl);
    const org = server.organizationId;
    const walk = (maxRows: number, onProgress: ((event: ProgressEvent) => void) | undefined) =>
      listAllActivities(client, org, {}, { pageSize: 1000, maxRows, onProgress, jobId: 'bench' });

    await walk(10_000, undefined); // warm-up
    const times: Record<number, number[]> = { 10_000: [], 50_000: [], 100_000: [] };
    let maxGapMs = 0;
    let rowsOk = true;
    for (let r = 0; r < ROUNDS; r++) {
      const order = [...SIZES.slice(r % 3), ...SIZES.slice(0, r % 3)];
      for (const n of order) {
        const started = performance.now();
        const { value, progress } = await withProgress((onProgress) => walk(n, onProgress));
        times[n]?.push(performance.now() - started);
        maxGapMs = Math.max(maxGapMs, progress.maxGapMs);
        if (!value.ok || value.value.items.length !== n || progress.lastPhase !== 'done') rowsOk = false;
      }
    }
    const med = (n: number) => median(times[n] ?? []);
    const perK = (n: number) => (med(n) / n) * 1000;
    const linearity = perK(100_000) / perK(10_000);
    const ms100k = med(100_000);
    const cancel = await measureCancel(cancelPoints(ms100k), async (signal, onProgress) => {
      const result = await listAllActivities(client, org, {}, { pageSize: 1000, signal, onProgress });
      return { cancelled: !result.ok && result.error.code === 'cancelled' };
    });
    heading('4. walking activities through the client (sandbox large, child process)');
    for (const n of SIZES) {
      console.info(
        `${String(n).padStart(7)} rows: median ${Math.round(med(n))} ms (${round(perK(n), 1)} ms per 1,000 rows) ` +
          `over ${ROUNDS} runs`,
      );
    }
    console.info(
      `cost per row at 100k / at 10k: ${round(linearity)} (linear if ≤ ${LINEAR_SLACK}); rows complete: ${rowsOk}`,
    );
    console.info(`progress: longest gap ${maxGapMs} ms (target ≤ ${PROGRESS_TARGET_MS})`);
    console.info(
      `cancel: abort → settled median ${cancel.medianMs} ms, max ${cancel.maxMs} ms over ${cancel.runs} runs ` +
        `(target ≤ ${CANCEL_TARGET_MS}); all cancelled: ${cancel.allCancelled}`,
    );
    emit({
      id: 4,
      what: 'walk 100,000 activities (limit 1000) through the client',
      figure: `${Math.round(ms100k)} ms`,
      target: '≤ 3,000 ms, linear, progress ≤ 250 ms, cancel ≤ 250 ms',
      pass:
        ms100k <= 3000 &&
        linearity <= LINEAR_SLACK &&
        rowsOk &&
        maxGapMs <= PROGRESS_TARGET_MS &&
        cancel.allCancelled &&
        cancel.maxMs <= CANCEL_TARGET_MS,
      details: {
        medianMs: {
          '10k': Math.round(med(10_000)),
          '50k': Math.round(med(50_000)),
          '100k': Math.round(ms100k),
        },
        msPer1kRows: {
          '10k': round(perK(10_000), 1),
          '50k': round(perK(50_000), 1),
          '100k': round(perK(100_000), 1),
        },
        linearity: round(linearity, 3),
        rowsOk,
        progressMaxGapMs: maxGapMs,
        cancel,
      },
    });
  } finally {
    await server.stop();
  }
}

await main();
