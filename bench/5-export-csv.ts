/**
 * Benchmark 5: CSV export of 100,000 activities to a file through the main side
 * (`exportActivitiesCsv`), each run in a fresh child process (bench/lib/export-child.ts) so that
 * RSS growth is the exporter's alone; the `large` sandbox serves the pages from another child.
 * RSS is sampled every 10 ms and compared with process.resourceUsage().maxRSS. Also checks
 * progress (≤ 250 ms between events) and cancel (≤ 250 ms, partial file removed).
 * Target: ≤ 3 s and peak RSS growth ≤ 64 MB.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emit, heading, median, round } from './lib/report';
import { readLine, sandboxSpec, spawnServer, spawnTs } from './lib/servers';
import { CANCEL_TARGET_MS, PROGRESS_TARGET_MS } from './lib/jobs';
import type { ExportChildInput, ExportChildResult } from './lib/export-child';

const RUNS = 3;
const ROWS = 100_000;
const CHILD = fileURLToPath(new URL('./lib/export-child.ts', import.meta.url));

async function main(): Promise<void> {
  const server = await spawnServer(sandboxSpec('large'));
  const dir = mkdtempSync(join(tmpdir(), 'copper-bench5-'));
  try {
    const results: ExportChildResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      const input: ExportChildInput = {
        baseUrl: server.baseUrl,
        organizationId: server.organizationId,
        dir,
        rows: ROWS,
      };
      const child = spawnTs(CHILD, [JSON.stringify(input)], ['--expose-gc']);
      results.push(JSON.parse(await readLine(child, 'RESULT', 50_000)) as ExportChildResult);
    }
    const med = (f: (r: ExportChildResult) => number) => median(results.map(f));
    const ms = med((r) => r.ms);
    const growth = med((r) => Math.max(r.sampledGrowthMiB, r.maxRssGrowthMiB));
    const maxGapMs = Math.max(...results.map((r) => r.progressMaxGapMs));
    const cancelMax = Math.max(...results.map((r) => r.cancel.maxMs));
    const rowsOk = results.every((r) => r.rows === ROWS && r.progressLastPhase === 'done');
    const cancelOk = results.every((r) => r.cancel.allCancelled && r.leftoverFiles === 0);

    heading('5. CSV export of 100,000 activities (fresh child per run, sandbox large in another)');
    for (const r of results) {
      console.info(
        `run: ${r.ms} ms, ${r.rows} rows, ${round(r.fileBytes / 1024 / 1024, 1)} MiB file, RSS baseline ` +
          `${r.baselineMiB} MiB, growth sampled ${r.sampledGrowthMiB} MiB (${r.samples} samples), ` +
          `maxRSS ${r.maxRssGrowthMiB} MiB, progress gap ${r.progressMaxGapMs} ms, cancel max ${r.cancel.maxMs} ms`,
      );
    }
    console.info(`median time ${ms} ms (target ≤ 3000); median peak RSS growth ${growth} MiB (target ≤ 64)`);
    console.info(
      `progress longest gap ${maxGapMs} ms (target ≤ ${PROGRESS_TARGET_MS}); cancel max ${cancelMax} ms ` +
        `(target ≤ ${CANCEL_TARGET_MS}); cancelled and cleaned up: ${cancelOk}`,
    );
    emit({
      id: 5,
      what: 'CSV export of 100,000 activities to a file',
      figure: `${ms} ms, +${growth} MiB RSS`,
      target: '≤ 3,000 ms, ≤ 64 MB, progress ≤ 250 ms, cancel ≤ 250 ms',
      pass:
        ms <= 3000 &&
        growth <= 64 &&
        rowsOk &&
        maxGapMs <= PROGRESS_TARGET_MS &&
        cancelOk &&
        cancelMax <= CANCEL_TARGET_MS,
      details: {
        medianMs: ms,
        medianPeakRssGrowthMiB: growth,
        runs: results.map((r) => ({
          ms: r.ms,
          sampledGrowthMiB: r.sampledGrowthMiB,
          maxRssGrowthMiB: r.maxRssGrowthMiB,
          progressMaxGapMs: r.progressMaxGapMs,
          cancelMaxMs: r.cancel.maxMs,
        })),
        fileBytes: results[0]?.fileBytes,
        rowsOk,
        cancelOk,
      },
    });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
