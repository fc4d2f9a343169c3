/**
 * Issue 16 target 10: the CSV export of 100,000 activities (`exportActivitiesCsv`, to a file)
 * against walking the same 100,000 as JSON (`listAllActivities`), side by side in this process,
 * from the `large` sandbox in a child process, pages of 1,000 both. After a warm-up of each, the
 * two take turns for ROUNDS rounds (the order swaps every round); the figure is the median of the
 * per-round ratios export / walk. Target ≤ 1.3.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listAllActivities } from '../src/main/platform/fetch-all';
import { exportActivitiesCsv } from '../src/main/exports/activities-csv';
import { emit, heading, machine, median, round } from './lib/report';
import { sandboxSpec, spawnServer } from './lib/servers';
import { benchClient } from './lib/bench-client';

const ROWS = 100_000;
const ROUNDS = 5;
const TARGET_RATIO = 1.3;

async function main(): Promise<void> {
  const server = await spawnServer(sandboxSpec('large'));
  const dir = mkdtempSync(join(tmpdir(), 'copper-bench-export-walk-'));
  try {
    const client = benchClient(server.baseUrl);
    const org = server.organizationId;
    let rowsOk = true;
    const walk = async (maxRows: number): Promise<number> => {
      const started = performance.now();
      const r = await listAllActivities(client, org, {}, { pageSize: 1000, maxRows, jobId: 'bench' });
      const ms = performance.now() - started;
      if (!r.ok || r.value.items.length !== maxRows) rowsOk = false;
      return ms;
    };
    const exportCsv = async (maxRows: number): Promise<number> => {
      const filePath = join(dir, 'activities.csv');
      const started = performance.now();
      const r = await exportActivitiesCsv({ client, organizationId: org, filters: {}, filePath, maxRows });
      const ms = performance.now() - started;
      if (!r.ok || r.value.rows !== maxRows) rowsOk = false;
      rmSync(filePath, { force: true });
      return ms;
    };

    await walk(10_000); // warm-up, also of the sandbox's cached encodings
    await exportCsv(10_000);
    await walk(ROWS);
    await exportCsv(ROWS);
    const walks: number[] = [];
    const exports: number[] = [];
    const ratios: number[] = [];
    const loadBefore = machine().load1;
    for (let r = 0; r < ROUNDS; r++) {
      let w: number;
      let e: number;
      if (r % 2 === 0) {
        w = await walk(ROWS);
        e = await exportCsv(ROWS);
      } else {
        e = await exportCsv(ROWS);
        w = await walk(ROWS);
      }
      walks.push(w);
      exports.push(e);
      ratios.push(e / w);
    }
    const ratio = median(ratios);
    heading('T10. CSV export vs JSON walk of 100,000 activities (sandbox large, child process)');
    for (let r = 0; r < ROUNDS; r++) {
      console.info(
        `round ${r + 1}: walk ${Math.round(walks[r] ?? 0)} ms, export ${Math.round(exports[r] ?? 0)} ms, ` +
          `ratio ${round(ratios[r] ?? 0)}`,
      );
    }
    console.info(
      `median walk ${Math.round(median(walks))} ms, median export ${Math.round(median(exports))} ms; ` +
        `median ratio ${round(ratio)} (target ≤ ${TARGET_RATIO}); rows complete: ${rowsOk}; ` +
        `load ${loadBefore} → ${machine().load1}`,
    );
    emit({
      id: 20,
      what: 'T10: CSV export of 100,000 activities vs walking them as JSON',
      figure: `${round(ratio)}× (${Math.round(median(exports))} vs ${Math.round(median(walks))} ms)`,
      target: `≤ ${TARGET_RATIO}× the walk`,
      pass: ratio <= TARGET_RATIO && rowsOk,
      details: {
        medianRatio: round(ratio, 3),
        ratios: ratios.map((x) => round(x, 3)),
        walkMs: walks.map(Math.round),
        exportMs: exports.map(Math.round),
        rowsOk,
        load1: { before: loadBefore, after: machine().load1 },
      },
    });
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
