/**
 * Issue 16 target 11: CSV export of 1,000,000 activities from the `huge` sandbox (child process),
 * each export in a fresh child (bench/lib/export-child.ts) so that its RSS is its own. Order:
 * 100,000 rows, 1,000,000 rows (then three cancels of the 1,000,000 export, at 0.2, 2 and 5 s),
 * 100,000 rows again; the 100,000 figure is the mean of the two, taken from the same sandbox so
 * that both exports pay the same per-page costs. Targets: time ≤ 10.5× the 100,000 export, RSS
 * growth ≤ 64 MB, cancel settles ≤ 250 ms and leaves no file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { emit, heading, machine, round } from './lib/report';
import { readLine, sandboxSpec, spawnServer, spawnTs, type ChildServer } from './lib/servers';
import { CANCEL_TARGET_MS, PROGRESS_TARGET_MS } from './lib/jobs';
import type { ExportChildInput, ExportChildResult } from './lib/export-child';

const MILLION = 1_000_000;
const SMALL = 100_000;
const TARGET_SCALE = 10.5;
const TARGET_GROWTH_MIB = 64;
const CHILD = fileURLToPath(new URL('./lib/export-child.ts', import.meta.url));

async function exportInChild(
  server: ChildServer,
  dir: string,
  maxRows: number,
  cancelAfterMs: number[],
): Promise<ExportChildResult> {
  const input: ExportChildInput = {
    baseUrl: server.baseUrl,
    organizationId: server.organizationId,
    dir,
    rows: maxRows,
    maxRows,
    cancelAfterMs,
  };
  const child = spawnTs(CHILD, [JSON.stringify(input)], ['--expose-gc']);
  return JSON.parse(await readLine(child, 'RESULT', 110_000)) as ExportChildResult;
}

async function main(): Promise<void> {
  const loadBefore = machine().load1;
  const server = await spawnServer(sandboxSpec('huge'));
  const dir = mkdtempSync(join(tmpdir(), 'copper-bench-million-'));
  try {
    const first = await exportInChild(server, dir, SMALL, []);
    const million = await exportInChild(server, dir, MILLION, [200, 2000, 5000]);
    const second = await exportInChild(server, dir, SMALL, []);
    const smallMs = (first.ms + second.ms) / 2;
    const scale = million.ms / smallMs;
    const growth = Math.max(million.sampledGrowthMiB, million.maxRssGrowthMiB);
    const rowsOk = first.rows === SMALL && second.rows === SMALL && million.rows === MILLION;
    const cancelOk = million.cancel.allCancelled && million.leftoverFiles === 0 && million.cancel.runs === 3;

    heading('T11. CSV export of 1,000,000 activities (sandbox huge; fresh child per export)');
    console.info(`sandbox huge started in ${server.startMs} ms`);
    for (const [label, r] of [
      ['100k', first],
      ['1M  ', million],
      ['100k', second],
    ] as const) {
      console.info(
        `${label}: ${r.ms} ms, ${r.rows} rows, ${round(r.fileBytes / 1024 / 1024, 1)} MiB file, RSS baseline ` +
          `${r.baselineMiB} MiB, growth sampled ${r.sampledGrowthMiB} MiB (${r.samples} samples), maxRSS ` +
          `${r.maxRssGrowthMiB} MiB, progress gap ${r.progressMaxGapMs} ms`,
      );
    }
    console.info(
      `1M / 100k: ${round(scale)} (target ≤ ${TARGET_SCALE}); RSS growth ${growth} MiB (target ≤ ` +
        `${TARGET_GROWTH_MIB}); cancel of the 1M export at 0.2/2/5 s: settled in ` +
        `${million.cancel.outcomes.length === 0 ? '-' : million.cancel.maxMs} ms max (target ≤ ${CANCEL_TARGET_MS}), ` +
        `cancelled and no file left: ${cancelOk}; progress gap ${million.progressMaxGapMs} ms ` +
        `(target ≤ ${PROGRESS_TARGET_MS}); load ${loadBefore} → ${machine().load1}`,
    );
    emit({
      id: 21,
      what: 'T11: CSV export of 1,000,000 activities',
      figure: `${round(scale)}× the 100k (${million.ms} ms), +${growth} MiB, cancel ${million.cancel.maxMs} ms`,
      target: `≤ ${TARGET_SCALE}×, ≤ ${TARGET_GROWTH_MIB} MB, cancel ≤ ${CANCEL_TARGET_MS} ms, no file`,
      pass:
        scale <= TARGET_SCALE &&
        growth <= TARGET_GROWTH_MIB &&
        rowsOk &&
        cancelOk &&
        million.cancel.maxMs <= CANCEL_TARGET_MS,
      details: {
        millionMs: million.ms,
        smallMs: [first.ms, second.ms],
        scale: round(scale, 3),
        growthMiB: growth,
        fileBytes: million.fileBytes,
        cancel: million.cancel,
        progressMaxGapMs: million.progressMaxGapMs,
        rowsOk,
        sandboxStartMs: server.startMs,
        load1: { before: loadBefore, after: machine().load1 },
      },
    });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
