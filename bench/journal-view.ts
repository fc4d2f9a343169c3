/**
 * Benchmark 11: opening the Journal view on a workspace with 100,000 entries. The journal is
 * written in the real format (encodeEntry, MACed and chained, one 40 MB file under the 50 MB rotation
 * size). Each run is a fresh `Journals`, as after an app start:
 *  - index build: `warm()`, which the app runs in the background at start (reading every line's
 *    prefix into column arrays; the unsettled notice needs it anyway);
 *  - first window: the view's first call, `query(workspace, { limit: 500 })`, answered from the
 *    index: the main side's share of "first rows" (500 compact rows cross the bridge);
 *  - filter change (action + search) and `unsettled()`; then one full `verify` (hash of every line).
 * Target: first window ≤ 300 ms (median of the runs). The index build is reported beside it.
 */
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileName, workspaceDir } from '../src/main/journal/files';
import { DEFAULT_MAX_FILE_BYTES, Journals } from '../src/main/journal/journals';
import { encodeEntry, GENESIS_HASH } from '../src/main/journal/line-format';
import { JOURNAL_STEPS, type JournalRecord } from '../src/main/journal/types';
import { emit, heading, median, round } from './lib/report';

const ENTRIES = 100_000;
const RUNS = 5;
const TARGET_MS = 300;
const WS = 'bench-ws';
/** Entries are MACed as the app writes them; verify below runs without the key (chain only). */
const BENCH_KEY = Buffer.alloc(32, 7);
const ACTIONS = ['loans.approve', 'loans.acceptRepayment', 'exchange.submit', 'loans.cancelInterestPayment'];

async function writeJournal(dataDir: string): Promise<number> {
  const dir = workspaceDir(dataDir, WS);
  await mkdir(dir, { recursive: true });
  let prevHash = GENESIS_HASH;
  let fileIndex = 1;
  let size = 0;
  let handle = await open(join(dir, fileName(fileIndex)), 'w');
  let chunk: Buffer[] = [];
  let total = 0;
  const t0 = Date.UTC(2026, 0, 1);
  for (let seq = 1; seq <= ENTRIES; seq++) {
    const a = Math.floor((seq - 1) / 5);
    const step = JOURNAL_STEPS[[0, 1, 2, 3, 4][(seq - 1) % 5] as number] ?? 'prepared';
    const record: JournalRecord = {
      step,
      actionId: `act-${a}`,
      action: ACTIONS[a % ACTIONS.length] as string,
      workspaceId: WS,
      workspaceName: 'Bench desk',
      environment: 'production',
      keyId: 'key-bench',
      object: `loan 9f2c-${a}`,
      ...(step === 'outcome' ? { outcome: a % 97 === 0 ? 'unknown' : 'done' } : {}),
      ...(step === 'prepared'
        ? { detail: { method: 'PATCH', path: `/platform/organizations/o/loans/9f2c-${a}` } }
        : {}),
    };
    const { line, entry } = encodeEntry(
      record,
      { seq, time: new Date(t0 + seq * 1000).toISOString(), prevHash },
      BENCH_KEY,
    );
    prevHash = entry.hash;
    if (size + line.length + 1 > DEFAULT_MAX_FILE_BYTES) {
      await handle.write(Buffer.concat(chunk));
      chunk = [];
      await handle.close();
      handle = await open(join(dir, fileName(++fileIndex)), 'w');
      size = 0;
    }
    chunk.push(line, Buffer.from('\n'));
    size += line.length + 1;
    total += line.length + 1;
    if (chunk.length > 20_000) {
      await handle.write(Buffer.concat(chunk));
      chunk = [];
    }
  }
  await handle.write(Buffer.concat(chunk));
  await handle.close();
  return total;
}

async function main(): Promise<void> {
  heading('11: Journal view, first window of 100,000 entries');
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-journal-view-'));
  try {
    const bytes = await writeJournal(dataDir);
    const first: number[] = [];
    const cold: number[] = [];
    const filtered: number[] = [];
    let unsettledMs = 0;
    let unsettledCount = 0;
    for (let run = 0; run < RUNS; run++) {
      const journals = await Journals.open({ dataDir });
      const c = performance.now();
      await journals.warm();
      cold.push(performance.now() - c);
      const t = performance.now();
      const page = await journals.query(WS, { limit: 500 });
      first.push(performance.now() - t);
      if (page.rows.length !== 500 || page.total !== ENTRIES) throw new Error('wrong first window');
      const f = performance.now();
      await journals.query(WS, { action: 'exchange.submit', search: '9f2c-1', limit: 500 });
      filtered.push(performance.now() - f);
      if (run === 0) {
        const u = performance.now();
        unsettledCount = (await journals.unsettled(WS)).length;
        unsettledMs = performance.now() - u;
      }
      await journals.close();
    }
    const journals = await Journals.open({ dataDir });
    const v = performance.now();
    const verdict = await journals.verify(WS);
    const verifyMs = performance.now() - v;
    await journals.close();
    const figure = median(first);
    console.info(
      `${ENTRIES.toLocaleString('en')} entries (${round(bytes / 1048576, 1)} MB): first window ${round(figure)} ms median ` +
        `(runs ${first.map((x) => Math.round(x)).join(', ')}); index built at start in ${round(median(cold))} ms ` +
        `(runs ${cold.map((x) => Math.round(x)).join(', ')}); filter change ${round(median(filtered))} ms; ` +
        `unsettled ${unsettledCount} after the index in ${round(unsettledMs)} ms; verify ${Math.round(verifyMs)} ms (ok=${verdict.ok})`,
    );
    emit({
      id: 11,
      what: 'Journal view, first window of 100k entries (main side)',
      figure: `${Math.round(figure)} ms`,
      target: `≤ ${TARGET_MS} ms`,
      pass: figure <= TARGET_MS && verdict.ok,
      details: {
        entries: ENTRIES,
        megabytes: round(bytes / 1048576, 1),
        firstWindowMs: first.map((x) => round(x)),
        coldIndexBuildMs: cold.map((x) => round(x)),
        filterChangeMs: round(median(filtered)),
        unsettled: unsettledCount,
        verifyMs: Math.round(verifyMs),
      },
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
