/**
 * `npm run bench`: runs every `bench/<n>-<name>.ts` (sorted by n) one after another, each in its
 * own Node process, shows its output, collects the JSON record on its last line and prints one
 * table with the machine it ran on. Later benchmarks (the UI ones) join by adding a script with
 * the next number. `npm run bench -- 2 4` runs only those numbers. A missed target does not fail
 * the run (benchmarks do not gate CI); a script that crashes or prints no record does.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, type BenchRecord } from './lib/report';
import { TSX_ARGS } from './lib/servers';

const HERE = dirname(fileURLToPath(import.meta.url));
const SCRIPT_TIMEOUT_MS = 120_000;

/** Benchmarks named by subject rather than number, with the number their record carries. */
const NAMED_SCRIPTS: readonly { n: number; file: string; timeoutMs?: number }[] = [
  { n: 10, file: 'journal-append.ts' },
  { n: 11, file: 'journal-view.ts' },
  { n: 12, file: 'risk-board.ts' },
  { n: 13, file: 'risk-watch-cycle.ts' },
  // Issue 16's targets 10 and 11 (numbers 10 and 11 were taken by the journal's records).
  { n: 20, file: 'export-vs-walk.ts' },
  // A million-row export takes 20–30 s at load 8–12; with its 100k runs and cancels, ~1.5 min.
  { n: 21, file: 'export-million.ts', timeoutMs: 240_000 },
  // Issue 16's targets 13, 14 and 15 (address book, loans, cold start ≤ 400 ms).
  { n: 23, file: 'address-book-20k.ts' },
  { n: 24, file: 'loans-10k.ts' },
  { n: 25, file: 'cold-start-400.ts' },
  // Target 12: a 100k and a 1M load, a cancelled 1M load, sorts and a scroll per run; up to 3 runs.
  { n: 22, file: 'activities-million.ts', timeoutMs: 300_000 },
  // Issue 26.2: streamed SHA-512 + Ed25519 verify of a 150 MB installer.
  { n: 26, file: 'update-signature.ts' },
  { n: 27, file: 'risk-stress.ts' },
  { n: 28, file: 'alert-centre.ts' },
  // Issue 30: click → first rows on every walked tab (5 fresh pages × 4 tabs, each walk awaited).
  { n: 29, file: 'first-rows-huge.ts' },
  // Issue 30: 1,000,000 activities exported in 10,000-row pages through the real guard (≤ 60 s).
  { n: 30, file: 'export-1m-10k-pages.ts', timeoutMs: 420_000 },
];

function scripts(only: readonly number[]): { n: number; file: string; timeoutMs?: number }[] {
  return readdirSync(HERE)
    .map((file) => ({ file, match: /^(\d+)-[\w-]+\.ts$/.exec(file) }))
    .filter((x): x is { file: string; match: RegExpExecArray } => x.match !== null)
    .map((x) => ({ n: Number(x.match[1]), file: join(HERE, x.file) }))
    .concat(NAMED_SCRIPTS.map((x) => ({ ...x, file: join(HERE, x.file) })))
    .filter((x) => only.length === 0 || only.includes(x.n))
    .sort((a, b) => a.n - b.n);
}

function runScript(
  file: string,
  timeoutMs = SCRIPT_TIMEOUT_MS,
): Promise<{ record: BenchRecord | null; ms: number; code: number | null }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [...TSX_ARGS, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      process.stdout.write(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      const last = out.trimEnd().split('\n').at(-1) ?? '';
      let record: BenchRecord | null = null;
      try {
        const parsed = JSON.parse(last) as BenchRecord;
        if (typeof parsed.id === 'number' && typeof parsed.pass === 'boolean') record = parsed;
      } catch {
        record = null;
      }
      resolve({ record, ms: performance.now() - started, code });
    });
  });
}

function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const [head, ...body] = rows;
  return [line(head ?? []), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join(
    '\n',
  );
}

async function main(): Promise<void> {
  const only = process.argv.slice(2).map(Number).filter(Number.isInteger);
  const list = scripts(only);
  const rows: string[][] = [['#', 'what', 'figure', 'target', 'pass', 'script time']];
  let crashed = 0;
  const loadBefore = machine().load1;
  for (const { n, file, timeoutMs } of list) {
    const { record, ms, code } = await runScript(file, timeoutMs);
    const time = `${(ms / 1000).toFixed(1)} s`;
    if (record === null) {
      crashed++;
      rows.push([String(n), file.slice(HERE.length + 1), `no record (exit ${code})`, '', 'ERROR', time]);
    } else {
      rows.push([
        String(record.id),
        record.what,
        record.figure,
        record.target,
        record.pass ? 'yes' : 'NO',
        time,
      ]);
    }
  }
  const m = machine();
  console.info(`\n== benchmark table ==`);
  console.info(
    `machine: ${m.nproc} CPUs (${m.cpu}), ${m.memoryGiB} GiB, node ${m.node}, ${m.platform}; ` +
      `load average (1 min) ${loadBefore} before, ${m.load1} after; command: npm run bench`,
  );
  console.info(table(rows));
  if (crashed > 0) process.exitCode = 1;
}

await main();
