/**
 * The risk watch's alerts (src/main/risk/risk-alerts.ts): what each says (LTV, and the top-up for
 * the kinds that call for collateral) and how many reach the desktop at once.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DESKTOP_ALERTS_PER_CYCLE, buildAlert, notifyDesktop } from '../../../src/main/risk/risk-alerts';
import type { Loan } from '../../../src/shared/platform/resources';
import type { RiskAlert, RiskAlertKind, TopUp } from '../../../src/shared/risk';

const loan = (over: Record<string, unknown> = {}): Loan =>
  ({ loanId: 'L1', debtRatio: '0.85', ...over }) as unknown as Loan;
const TOP_UP: TopUp = { ok: true, amount: '1.4', currency: 'BTC', targetLtv: '0.5', at: '900' };
const alert = (kind: RiskAlertKind, topUp: TopUp | null, over: Record<string, unknown> = {}) =>
  buildAlert({ workspaceId: 'ws', loan: loan(over), kind, topUp, now: '1000', desktopNotified: true });

describe('buildAlert', () => {
  it('a margin call says the LTV and the top-up that returns it to its target', () => {
    expect(alert('margin-call', TOP_UP)).toEqual({
      workspaceId: 'ws',
      loanId: 'L1',
      kind: 'margin-call',
      title: 'Loan L1 is in margin call',
      body: 'LTV 85 %; top up 1.4 BTC to return to LTV 50 %',
      debtRatio: '0.85',
      topUp: TOP_UP,
      at: '1000',
      desktopNotified: true,
    });
  });

  it.each<RiskAlertKind>(['reminder', 'cure-ending'])(
    'a %s carries the top-up, or says why it is unknown',
    (kind) => {
      expect(alert(kind, TOP_UP).body).toBe('LTV 85 %; top up 1.4 BTC to return to LTV 50 %');
      const unknown: TopUp = { ok: false, why: 'no collateral', at: '900' };
      expect(alert(kind, unknown)).toMatchObject({
        body: 'LTV 85 %; top-up unknown: no collateral',
        topUp: unknown,
      });
      expect(alert(kind, null)).toMatchObject({ body: 'LTV 85 %', topUp: null });
    },
  );

  it.each<RiskAlertKind>(['warning', 'default', 'healthy'])(
    'a %s says the LTV only, without a top-up',
    (kind) => {
      expect(alert(kind, TOP_UP)).toMatchObject({ body: 'LTV 85 %', topUp: null });
    },
  );

  it.each<[string, TopUp, string]>([
    // Never "top up 0" (issue 28), and the target as a percent.
    [
      'no target',
      { ok: false, why: 'the loan states no initial LTV', at: '900', noTarget: true },
      'no top-up target: the loan states no initial LTV',
    ],
    [
      'an amount of 0',
      { ok: true, amount: '0', currency: 'USDC', targetLtv: '0.8', at: '900' },
      'top-up unknown: the computed amount 0 USDC is not a positive decimal',
    ],
    [
      'an unreadable target',
      { ok: true, amount: '1', currency: 'USDC', targetLtv: 'x', at: '900' },
      'top-up unknown: the computed amount 1 USDC is not a positive decimal',
    ],
    [
      'a fractional target',
      { ok: true, amount: '5', currency: 'USDC', targetLtv: '0.655', at: '900' },
      'top up 5 USDC to return to LTV 65.5 %',
    ],
  ])('a margin call with %s says so', (_name, topUp, text) => {
    expect(alert('margin-call', topUp).body).toBe(`LTV 85 %; ${text}`);
    expect(alert('margin-call', topUp).body).not.toMatch(/top up 0\b/);
  });

  it('an LTV that is no string is unknown', () => {
    expect(alert('warning', null, { debtRatio: 0.85 })).toMatchObject({
      body: 'LTV unknown',
      debtRatio: null,
    });
    expect(alert('warning', null, { debtRatio: undefined })).toMatchObject({
      body: 'LTV unknown',
      debtRatio: null,
    });
  });
});

describe('notifyDesktop', () => {
  const many = (kinds: RiskAlertKind[]): RiskAlert[] => kinds.map((kind) => alert(kind, null));
  const sent = (alerts: RiskAlert[]) => {
    const out: [string, string][] = [];
    notifyDesktop((title, body) => out.push([title, body]), 'Desk', alerts);
    return out;
  };

  it('sends nothing for no alert', () => {
    expect(sent([])).toEqual([]);
  });

  it(`sends up to ${MAX_DESKTOP_ALERTS_PER_CYCLE} alerts one by one, named after the workspace`, () => {
    expect(MAX_DESKTOP_ALERTS_PER_CYCLE).toBe(5);
    const five = sent(many(['warning', 'warning', 'default', 'healthy', 'margin-call']));
    expect(five).toHaveLength(5);
    expect(five[0]).toEqual(['Desk: Loan L1 nears its margin call', 'LTV 85 %']);
    expect(five[4]).toEqual(['Desk: Loan L1 is in margin call', 'LTV 85 %']);
  });

  it('sends one summary, counted per kind, for more', () => {
    expect(sent(many(['warning', 'margin-call', 'warning', 'default', 'warning', 'margin-call']))).toEqual([
      ['Desk: 6 loan alerts', '3 warning, 2 margin-call, 1 default. Open the risk board for each loan.'],
    ]);
  });
});
