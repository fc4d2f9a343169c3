/**
 * Benchmark 10: appending to the action journal, each entry MACed, written and fsync'd before
 * `append` resolves (what an action waits for before "sent" leaves), and — for action steps, as
 * "sent" — its anchor stored beside the key before it resolves (other entries are anchored within a
 * second). 2,000 sequential appends of the steps of 400 actions in order (prepared, confirmed,
 * sent, answered, outcome; ~600 bytes of detail each) to a fresh journal in the OS temp folder, twice: with the MAC and no anchor, then with the MAC and the anchor in the OS keychain
 * (the real Secret Service: `npm run bench` runs under scripts/with-keyring.sh; without one the
 * second run says so and is skipped); then 2,000 more split over 4 workspaces in parallel, with the
 * anchor (anchors arriving while one is written go out together in the next write). Figures:
 * entries per second, and p50/p95 of one append. Target: ≥ 100 entries/s sequentially with the
 * anchor (an action writes five or six entries; a person confirms one every few seconds).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journals } from '../src/main/journal/journals';
import { JournalKeyring, type JournalKeyringLike } from '../src/main/journal/journal-keyring';
import { osItemStore } from '../src/main/journal/cli';
import type { JournalRecord } from '../src/main/journal/types';
import { emit, heading, median, percentile, round } from './lib/report';

const N = 2_000;

/** A key home in memory, where this machine has no keychain. */
function memoryItems() {
  const m = new Map<string, string>();
  return {
    getItem: async (k: string) => m.get(k) ?? null,
    setItem: async (k: string, v: string) => void m.set(k, v),
  };
}
const TARGET_PER_S = 100;

/** The steps of one action, in order, as the action service writes them. */
const STEPS = ['prepared', 'confirmed', 'sent', 'answered', 'outcome'] as const;

const record = (workspaceId: string, i: number): JournalRecord => ({
  step: STEPS[i % STEPS.length] as JournalRecord['step'],
  ...(i % STEPS.length === 4 ? { outcome: 'done' as const } : {}),
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

/** Sequential appends: entries per second, per-append times, and the times of "sent" alone. */
async function sequential(
  journals: Journals,
  ws: string,
): Promise<{ perS: number; times: number[]; sent: number[] }> {
  await journals.append(record(`${ws}-warm`, 0));
  const times: number[] = [];
  const sent: number[] = [];
  const started = performance.now();
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await journals.append(record(ws, i));
    const ms = performance.now() - t;
    times.push(ms);
    if (i % STEPS.length === 2) sent.push(ms);
  }
  return { perS: (N / (performance.now() - started)) * 1000, times, sent };
}

async function main(): Promise<void> {
  heading('10: journal append (MAC, fsync per entry, anchor in the OS keychain)');
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-journal-append-'));
  try {
    const items = await osItemStore();
    const home = items();
    if (!home.available) console.info(`no OS keychain (${home.why}): the anchor run uses none`);
    const keyring = new JournalKeyring(
      home.available ? items : () => ({ backend: 'vault', available: true, items: memoryItems() }),
      dataDir,
      { create: true },
    );
    // The same key, no anchor: what the MAC alone costs.
    const noAnchor: JournalKeyringLike = {
      key: () => keyring.key(),
      anchors: () => keyring.anchors(),
      writeAnchor: async () => undefined,
    };
    const bare = await Journals.open({ dataDir, keyring: noAnchor });
    const withoutAnchor = await sequential(bare, 'mac-only');
    await bare.close();
    const journals = await Journals.open({ dataDir, keyring });
    const { perS, times, sent } = await sequential(journals, 'seq');

    const parStarted = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; i < N / 4; i++) await journals.append(record(`par-${w}`, i));
      }),
    );
    const parPerS = (N / (performance.now() - parStarted)) * 1000;
    const verify = await journals.verify('seq');
    await journals.close();
    const anchorHome = home.available ? 'OS keychain' : 'memory (no keychain here)';
    console.info(
      `MAC, no anchor: ${Math.round(withoutAnchor.perS)} entries/s (p50 ${round(median(withoutAnchor.times))} ms, p95 ${round(percentile(withoutAnchor.times, 95))} ms)\n` +
        `MAC + anchor in the ${anchorHome}: ${Math.round(perS)} entries/s (p50 ${round(median(times))} ms, p95 ${round(percentile(times, 95))} ms; ` +
        `"sent", anchored before it resolves: p50 ${round(median(sent))} ms); ` +
        `4 workspaces in parallel: ${Math.round(parPerS)} entries/s; verify ${verify.status}`,
    );
    emit({
      id: 10,
      what: 'journal append: MAC, fsync per entry, anchor before "sent"',
      figure: `${Math.round(perS).toLocaleString('en')} entries/s (${Math.round(withoutAnchor.perS).toLocaleString('en')} without the anchor)`,
      target: `≥ ${TARGET_PER_S} entries/s`,
      pass: perS >= TARGET_PER_S && verify.status === 'ok',
      details: {
        entries: N,
        anchorHome,
        withoutAnchorPerS: Math.round(withoutAnchor.perS),
        withoutAnchorP50Ms: round(median(withoutAnchor.times)),
        sequentialPerS: Math.round(perS),
        p50Ms: round(median(times)),
        p95Ms: round(percentile(times, 95)),
        sentP50Ms: round(median(sent)),
        parallel4PerS: Math.round(parPerS),
        folder: tmpdir(),
      },
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
