/**
 * One reading turned into tracked state (issue 25, finding 2): a tracked loan not in the reading
 * is left exactly as it was, whatever the walk said about itself; a loan read with a closed status
 * is forgotten; the margin-call top-up is computed, never asked for.
 */
import { describe, expect, it } from 'vitest';
import { assessReading, isClosedLoan, notSeenIds } from '../../../src/main/risk/risk-assess';
import type { WorkspaceRiskState } from '../../../src/main/risk/risk-state-file';
import { DEFAULT_RISK_SETTINGS } from '../../../src/shared/risk';
import { CLOSED_LOAN_STATUSES } from '../../../src/shared/platform/enums';
import type { Loan } from '../../../src/shared/platform/resources';

const loan = (loanId: string, over: Record<string, unknown> = {}): Loan =>
  ({
    loanId,
    status: 'active',
    debtRatio: '0.85',
    debtRatioStatus: 'margin-call',
    extra: { marginCallThreshold: '0.8', initialLtv: '0.5' },
    embedded: { collaterals: [{ amount: '2', currency: 'BTC' }] },
    ...over,
  }) as unknown as Loan;

const state = (): WorkspaceRiskState => ({
  settings: { ...DEFAULT_RISK_SETTINGS },
  loans: Object.create(null),
});

describe('assessReading', () => {
  it('leaves a tracked loan missing from the reading exactly as it was', () => {
    const ws = state();
    expect(assessReading(ws, [loan('L1')], '1000').map((a) => a.kind)).toEqual(['margin-call']);
    ws.loans.L1!.acknowledgedAt = '1500';
    const kept = structuredClone(ws.loans.L1);
    expect(assessReading(ws, [], '2000')).toEqual([]);
    expect(ws.loans.L1).toEqual(kept);
    expect(notSeenIds(ws, [])).toEqual(['L1']);
    // Seen again, still in margin call: the same margin call, no alert.
    expect(assessReading(ws, [loan('L1')], '3000')).toEqual([]);
    expect(ws.loans.L1).toMatchObject({ marginCallSeenAt: '1000', acknowledgedAt: '1500' });
  });

  it('forgets a loan only once it is read with a closed status', () => {
    const ws = state();
    assessReading(ws, [loan('L1'), loan('L2')], '1000');
    assessReading(ws, [loan('L1', { status: 'repaid' }), loan('L2', { status: 'repaying' })], '2000');
    expect(Object.keys(ws.loans)).toEqual(['L2']);
  });

  it('reads the closed statuses from the one list the isOpen filter uses', () => {
    for (const status of CLOSED_LOAN_STATUSES) expect(isClosedLoan(loan('x', { status }))).toBe(true);
    for (const status of ['active', 'repaying', 'repaying-interest', 'something-new', null])
      expect(isClosedLoan(loan('x', { status }))).toBe(false);
  });

  it('computes the top-up of a margin call from the loan and follows its LTV', () => {
    const ws = state();
    const [alert] = assessReading(ws, [loan('L1')], '1000');
    expect(alert?.topUp).toMatchObject({ ok: true, amount: '1.4', currency: 'BTC' });
    assessReading(ws, [loan('L1', { debtRatio: '0.9' })], '2000');
    expect(ws.loans.L1?.topUp).toMatchObject({ ok: true, amount: '1.6', at: '2000' });
  });
});
