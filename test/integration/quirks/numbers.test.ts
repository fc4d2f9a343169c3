/**
 * Issue 25 points 5, 7 and 10 against the sandbox's value quirks: amount strings that are not
 * plain decimals (`exoticAmounts`), timestamps in seconds (`secondsTimestamps`) and values the
 * specification does not list (`unknownEnums`). Read through the contract on the main side, then
 * through the renderer's own number and time rules (lib/decimal.ts, shared/timestamps.ts) as the
 * tables and totals use them; the risk watch runs on the same answers. Not one console module:
 * named after the quirk family.
 */
import { describe, expect, it } from 'vitest';
import type { AllRows } from '../../../src/shared/contract-views';
import { EXOTIC_AMOUNTS } from '../../../src/shared/sandbox-quirks';
import type { Loan, Wallet } from '../../../src/shared/platform/resources';
import type { RiskAlert, RiskBoard } from '../../../src/shared/risk';
import { readTimestamp } from '../../../src/shared/timestamps';
import { amountDisplay, sumAmounts } from '../../../src/renderer/src/lib/decimal';
import { sandboxControl, useResetTestApp, type TestApp } from '../../support/main-app';

let t: TestApp;
let ws: string;
let job = 0;
const alerts: RiskAlert[] = [];

useResetTestApp('quirks-numbers', { timeoutMs: 5_000 }, async (app) => {
  t = app;
  ws = t.builtInId;
  t.app.events.subscribe((event, payload) => {
    if (event === 'risk-alert') alerts.push(payload as RiskAlert);
  });
});

const setQuirks = (quirks: Record<string, unknown>) => sandboxControl(t.app, 'POST', '/quirks', quirks);
const isPlain = (v: unknown) => typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v);

describe('exoticAmounts', () => {
  it('are shown as sent, marked, and left out of totals (the total of the rest is known)', async () => {
    await setQuirks({ exoticAmounts: true });
    const wallets = await t.value<Wallet[]>('wallets.list', { workspaceId: ws });
    const balances: unknown[] = wallets.map((w) => w.balance);
    const exotic = balances.filter((b) => typeof b === 'string' && EXOTIC_AMOUNTS.includes(b));
    expect(exotic.length).toBeGreaterThan(0);
    for (const value of exotic) {
      const shown = amountDisplay(value);
      expect(shown.mark, String(value)).toBe('text');
      expect(shown.text.trim()).toBe(String(value).trim());
    }
    const sum = sumAmounts(balances);
    expect(sum.notPlain).toBe(exotic.length);
    expect(sum.total).toBeNull();
    // The known part is exactly the plain ones: "0x10" was not read as 16, nor "1e3" as 1000.
    expect(sum.known).toBe(sumAmounts(balances.filter(isPlain)).total);
  });

  it('"1e100000" is shown as sent, not expanded', () => {
    const shown = amountDisplay('1e100000');
    expect(shown).toMatchObject({ text: '1e100000', mark: 'text' });
  });

  it('loans and the risk board still read', async () => {
    await setQuirks({ exoticAmounts: true });
    const all = await t.value<AllRows<Loan>>('loans.listAll', { workspaceId: ws, jobId: `numbers-${++job}` });
    expect(all.items.length).toBeGreaterThan(0);
    const board = await t.value<RiskBoard>('risk.checkNow', { workspaceId: ws });
    expect(board.lastError).toBeNull();
  });
});

describe('secondsTimestamps', () => {
  it('are read by magnitude, to the same time, and marked as guessed', async () => {
    const clean = await t.value<AllRows<Loan>>('loans.listAll', {
      workspaceId: ws,
      jobId: `numbers-${++job}`,
    });
    await setQuirks({ secondsTimestamps: true });
    const seconds = await t.value<AllRows<Loan>>('loans.listAll', {
      workspaceId: ws,
      jobId: `numbers-${++job}`,
    });
    const loan = seconds.items.find((l) => l.loanId === clean.items[0]?.loanId);
    expect(loan).toBeDefined();
    const reading = readTimestamp(loan?.createdAt);
    expect(reading.guessed).toBe('seconds');
    const cleanMs = readTimestamp(clean.items[0]?.createdAt).ms ?? 0;
    expect(reading.ms).toBe(Math.floor(cleanMs / 1000) * 1000);
  });

  it('raise no false alert in the risk watch', async () => {
    await t.value<RiskBoard>('risk.checkNow', { workspaceId: ws });
    const clean = await t.value<RiskBoard>('risk.checkNow', { workspaceId: ws });
    alerts.length = 0;
    await setQuirks({ secondsTimestamps: true });
    const seconds = await t.value<RiskBoard>('risk.checkNow', { workspaceId: ws });
    expect(seconds.lastError).toBeNull();
    expect(alerts.filter((a) => a.kind !== 'reminder').map((a) => `${a.kind} ${a.loanId}`)).toEqual([]);
    for (const [loanId, tracked] of Object.entries(clean.tracked))
      expect(seconds.tracked[loanId]?.band, loanId).toBe(tracked.band);
  });
});

describe('unknownEnums', () => {
  it('loans with a status, LTV status and allocation type the specification does not list are read and shown as sent', async () => {
    await setQuirks({ unknownEnums: true });
    const all = await t.value<AllRows<Loan>>('loans.listAll', { workspaceId: ws, jobId: `numbers-${++job}` });
    expect(all.items.some((l) => (l.status as string) === 'on-hold')).toBe(true);
    const page = await t.value<{ items: Loan[] }>('loans.list', { workspaceId: ws, limit: 100 });
    const odd = page.items.find((l) => (l.status as string) === 'on-hold');
    const one = await t.value<Loan>('loans.get', { workspaceId: ws, loanId: odd?.loanId });
    expect(one.debtRatioStatus as string).toBe('under-review');
    const board = await t.value<RiskBoard>('risk.checkNow', { workspaceId: ws });
    expect(board.lastError).toBeNull();
  });
});
