/**
 * What every benchmark script shares: the JSON record printed on its last line (run-all.ts
 * collects them), medians and percentiles, and a description of the machine.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';

export interface BenchRecord {
  id: number;
  what: string;
  /** The measured figure as a short human-readable string, e.g. "1.08×" or "1,840 ms". */
  figure: string;
  target: string;
  pass: boolean;
  details: Record<string, unknown>;
}

/** Prints the record as the script's last line; run-all.ts reads exactly that line. */
export function emit(record: BenchRecord): void {
  console.info(JSON.stringify(record));
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100) of unsorted values; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export interface Machine {
  nproc: number;
  cpu: string;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1-minute load average: on a shared machine, the noise every figure carries. */
  load1: number;
}

export function machine(): Machine {
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line !== undefined) cpu = line.slice(line.indexOf(':') + 1).trim();
  } catch {
    // not Linux: os.cpus() is good enough
  }
  return {
    nproc: cpus().length,
    cpu,
    memoryGiB: round(totalmem() / 1024 ** 3, 1),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    load1: round(loadavg()[0] ?? 0, 2),
  };
}

export function heading(title: string): void {
  console.info(`\n== ${title} ==`);
}

/** Gaps between consecutive instants, the first measured from `start` and the last to `end`. */
export function maxGap(start: number, instants: readonly number[], end: number): number {
  let previous = start;
  let gap = 0;
  for (const t of [...instants, end]) {
    gap = Math.max(gap, t - previous);
    previous = t;
  }
  return gap;
}
