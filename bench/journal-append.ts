/**
 * Benchmark 10: appending to the action journal, each entry written and fsync'd before `append`
 * resolves (what an action waits for before "sent" leaves). 2,000 sequential appends of a typical
 * entry (a prepared request of ~600 bytes of detail) to a fresh journal in the OS temp folder;
 * then 2,000 more split over 4 workspaces in parallel (appends to different workspaces do not wait
 * for each other). Figures: entries per second, and p50/p95 of one append. Target: ≥ 100 entries/s
 * sequentially (an action writes five or six entries; a person confirms one every few seconds).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journals } from '../src/main/journal/journals';
import type { JournalRecord } from '../src/main/journal/types';
import { emit, heading, median, percentile, round } from './lib/report';

const N = 2_000;
const TARGET_PER_S = 100;

const record = (workspaceId: string, i: number): JournalRecord => ({
  step: 'prepared',
  actionId: `bench-action-${i}`,
  action: 'loans.acceptRepayment',
  workspaceId,
  workspaceName: 'Bench desk',
  environment: 'production',
  keyId: 'key-bench',
  object: `loan 9f2c-${i}`,
  detail: {
    method: 'PATCH',
    path: `/platform/organizations/org-bench/loans/9f2c-${i}`,
    contentType: 'application/vnd.accept-loan-repayment+json',
    body: { amount: '12345.678901', collateralPortfolioId: 'pf-1', effectiveDate: '1732000000000' },
    fields: Array.from({ length: 6 }, (_, k) => ({ name: `field${k}`, value: `value ${k} of ${i}` })),
  },
});

async function main(): Promise<void> {
  heading('10: journal append (fsync per entry)');
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-journal-append-'));
  try {
    const journals = await Journals.open({ dataDir });
    await journals.append(record('warm', 0));
    const times: number[] = [];
    const started = performance.now();
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      await journals.append(record('seq', i));
      times.push(performance.now() - t);
    }
    const seqMs = performance.now() - started;
    const perS = (N / seqMs) * 1000;

    const parStarted = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; i < N / 4; i++) await journals.append(record(`par-${w}`, i));
      }),
    );
    const parPerS = (N / (performance.now() - parStarted)) * 1000;
    const verify = await journals.verify('seq');
    await journals.close();
    console.info(
      `sequential: ${Math.round(perS)} entries/s (p50 ${round(median(times))} ms, p95 ${round(percentile(times, 95))} ms); ` +
        `4 workspaces in parallel: ${Math.round(parPerS)} entries/s; verify ok=${verify.ok}`,
    );
    emit({
      id: 10,
      what: 'journal append, fsync per entry',
      figure: `${Math.round(perS).toLocaleString('en')} entries/s`,
      target: `≥ ${TARGET_PER_S} entries/s`,
      pass: perS >= TARGET_PER_S && verify.ok,
      details: {
        entries: N,
        sequentialPerS: Math.round(perS),
        p50Ms: round(median(times)),
        p95Ms: round(percentile(times, 95)),
        parallel4PerS: Math.round(parPerS),
        folder: tmpdir(),
      },
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
