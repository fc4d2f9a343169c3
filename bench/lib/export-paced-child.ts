/**
 * One CSV export of every activity in a fresh process, as the console sends it (issue 30): the
 * console's platform client behind a real lockout guard (the platform's limits, 1,000 requests per
 * 5 minutes, 80 % for long jobs), the page size negotiated (the learned sizes in a temporary data
 * folder) and the progress carrying the pacing. RSS sampled every 10 ms and maxRSS. Prints
 * `RESULT <json>`.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapSpaceStatistics } from 'node:v8';
import { exportActivitiesCsv } from '../../src/main/exports/activities-csv';
import { pacedProgress } from '../../src/main/exports/job-pacing';
import { LockoutGuard } from '../../src/main/guard/lockout-guard';
import { createHmacSigner } from '../../src/main/keychain/hmac-signer';
import { RequestHistory } from '../../src/main/history/request-history';
import { rememberPageSizes } from '../../src/main/platform/page-size-negotiation';
import { PageSizeStore } from '../../src/main/platform/page-size-store';
import { PlatformClient } from '../../src/main/platform/client';
import type { ProgressEvent } from '../../src/shared/contract';
import { BENCH_KEY, BENCH_SECRET } from './servers';

export interface PacedExportInput {
  baseUrl: string;
  organizationId: string;
  dir: string;
}

export interface PacedExportResult {
  ms: number;
  /** CPU time of the process (user + system) during the export: less sensitive to load than ms. */
  cpuMs: number;
  rows: number;
  pages: number;
  fileBytes: number;
  baselineMiB: number;
  sampledGrowthMiB: number;
  maxRssGrowthMiB: number;
  requestsSpent: number;
  pausedEvents: number;
  learned: unknown;
  /** process.memoryUsage() (MiB) when the sampled RSS peaked: where the growth is. */
  atBaselineMiB: Record<string, number>;
  atPeakMiB: Record<string, number>;
  /** V8's heap spaces (MiB committed) at the end: the young generation's size shows there. */
  heapSpacesMiB: Record<string, number>;
}

const MiB = 1024 * 1024;
const mib = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;
const mibs = (usage: NodeJS.MemoryUsage) =>
  Object.fromEntries(Object.entries(usage).map(([k, v]) => [k, mib(v)]));

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '{}') as PacedExportInput;
  const signer = createHmacSigner(BENCH_KEY, BENCH_SECRET);
  const guard = new LockoutGuard('bench');
  const client = new PlatformClient({
    workspaceId: 'bench',
    baseUrl: input.baseUrl,
    signer: async () => signer,
    history: new RequestHistory(),
    guard,
  });
  const store = new PageSizeStore(input.dir);
  rememberPageSizes(client, store);

  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const atBaseline = process.memoryUsage();
  const baseline = atBaseline.rss;
  let peak = baseline;
  let atPeak = atBaseline;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    if (usage.rss > peak) {
      peak = usage.rss;
      atPeak = usage;
    }
  }, 10);
  let pausedEvents = 0;
  let last: ProgressEvent | null = null;
  const onProgress = pacedProgress(
    (event) => {
      last = event;
      if (event.pacing?.pausedUntil) pausedEvents++;
    },
    { admit: () => guard.admit('bulk'), status: async () => guard.status() },
  );
  const target = join(input.dir, 'all.csv');
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await exportActivitiesCsv({
    client,
    organizationId: input.organizationId,
    filters: {},
    filePath: target,
    jobId: 'bench',
    onProgress,
  });
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const maxRss = process.resourceUsage().maxRSS * 1024;
  if (!result.ok) throw new Error(`export failed: ${result.error.message}`);
  const learned = await store.list('bench');
  const out: PacedExportResult = {
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    rows: result.value.rows,
    pages: result.value.pages,
    fileBytes: statSync(target).size,
    baselineMiB: Math.round((baseline / MiB) * 10) / 10,
    sampledGrowthMiB: Math.round(((peak - baseline) / MiB) * 10) / 10,
    maxRssGrowthMiB: Math.round(((maxRss - baseline) / MiB) * 10) / 10,
    requestsSpent: guard.status().requests.count,
    pausedEvents,
    learned: learned.ok ? learned.value : learned.error.message,
    atBaselineMiB: mibs(atBaseline),
    atPeakMiB: mibs(atPeak),
    heapSpacesMiB: Object.fromEntries(
      getHeapSpaceStatistics().map((s) => [s.space_name, mib(s.physical_space_size)]),
    ),
  };
  void last;
  console.info(`RESULT ${JSON.stringify(out)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
