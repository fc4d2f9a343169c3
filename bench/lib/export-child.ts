/**
 * One measured CSV export in a fresh process (started by 5-export-csv.ts and export-million.ts
 * with --expose-gc): a small warm-up export, then the export of `maxRows` (default: every row)
 * with RSS sampled every 10 ms and process.resourceUsage().maxRSS, then a few cancelled exports
 * (skipped when `cancelAfterMs` is empty). Prints `RESULT <json>`.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { exportActivitiesCsv } from '../../src/main/exports/activities-csv';
import type { ProgressEvent } from '../../src/shared/contract';
import { cancelPoints, measureCancel, withProgress, type CancelCheck } from './jobs';
import { benchClient } from './bench-client';

export interface ExportChildInput {
  baseUrl: string;
  organizationId: string;
  dir: string;
  rows: number;
  /** Rows of the measured export; default every row the sandbox has. */
  maxRows?: number;
  /** When to abort each cancelled export; default `cancelPoints` of the whole export's time. */
  cancelAfterMs?: number[];
}

export interface ExportChildResult {
  ms: number;
  rows: number;
  bytes: number;
  fileBytes: number;
  baselineMiB: number;
  sampledGrowthMiB: number;
  maxRssGrowthMiB: number;
  samples: number;
  progressMaxGapMs: number;
  progressLastPhase: string | null;
  cancel: CancelCheck;
  leftoverFiles: number;
}

const MiB = 1024 * 1024;

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '{}') as ExportChildInput;
  const client = benchClient(input.baseUrl);
  const run = (
    filePath: string,
    maxRows?: number,
    signal?: AbortSignal,
    onProgress?: (event: ProgressEvent) => void,
  ) =>
    exportActivitiesCsv({
      client,
      organizationId: input.organizationId,
      filters: {},
      filePath,
      maxRows,
      signal,
      onProgress,
      jobId: 'bench',
    });

  const warm = await run(join(input.dir, 'warm-up.csv'), 2000);
  if (!warm.ok) throw new Error(`warm-up export failed: ${warm.error.message}`);
  rmSync(join(input.dir, 'warm-up.csv'));

  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  let samples = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    samples++;
  }, 10);
  const target = join(input.dir, 'all.csv');
  const started = performance.now();
  const { value: result, progress } = await withProgress((onProgress) =>
    run(target, input.maxRows, undefined, onProgress),
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const maxRss = process.resourceUsage().maxRSS * 1024; // kilobytes
  if (!result.ok) throw new Error(`export failed: ${result.error.message}`);
  const fileBytes = statSync(target).size;
  rmSync(target);

  const cancel = await measureCancel(input.cancelAfterMs ?? cancelPoints(ms), async (signal, onProgress) => {
    const r = await run(join(input.dir, 'cancelled.csv'), undefined, signal, onProgress);
    return { cancelled: !r.ok && r.error.code === 'cancelled' };
  });

  const out: ExportChildResult = {
    ms: Math.round(ms),
    rows: result.value.rows,
    bytes: result.value.bytes,
    fileBytes,
    baselineMiB: Math.round((baseline / MiB) * 10) / 10,
    sampledGrowthMiB: Math.round(((peak - baseline) / MiB) * 10) / 10,
    maxRssGrowthMiB: Math.round(((maxRss - baseline) / MiB) * 10) / 10,
    samples,
    progressMaxGapMs: progress.maxGapMs,
    progressLastPhase: progress.lastPhase,
    cancel,
    leftoverFiles: readdirSync(input.dir).length,
  };
  console.info(`RESULT ${JSON.stringify(out)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
