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

describe('assessReading: bands, alerts and reminders', () => {
  const BANDS = {
    healthy: { debtRatioStatus: 'healthy', debtRatio: '0.5' },
    warning: { debtRatioStatus: 'healthy', debtRatio: '0.76' },
    'margin-call': {},
    default: { debtRatioStatus: 'default', debtRatio: '0.95' },
    unknown: { debtRatioStatus: 'something-new' },
  } as const;
  type Band = keyof typeof BANDS;
  const read = (ws: WorkspaceRiskState, band: Band, now: string, over: Record<string, unknown> = {}) =>
    assessReading(ws, [loan('L1', { ...BANDS[band], ...over })], now).map((a) => a.kind);

  it.each<[Band | null, Band, string[]]>([
    [null, 'healthy', []],
    [null, 'warning', ['warning']],
    ['unknown', 'warning', ['warning']],
    ['healthy', 'warning', ['warning']],
    ['warning', 'warning', []],
    ['warning', 'healthy', []],
    ['healthy', 'margin-call', ['margin-call']],
    ['warning', 'margin-call', ['margin-call']],
    ['margin-call', 'warning', ['healthy']],
    ['margin-call', 'healthy', ['healthy']],
    ['default', 'healthy', ['healthy']],
    ['default', 'warning', ['healthy']],
    ['healthy', 'default', ['default']],
    ['margin-call', 'default', ['default']],
    ['default', 'default', []],
  ])('from %s to %s alerts %j', (from, to, kinds) => {
    const ws = state();
    if (from !== null) read(ws, from, '1000');
    expect(read(ws, to, '2000')).toEqual(kinds);
    expect(ws.loans.L1?.band).toBe(to);
  });

  it('a loan leaving margin call forgets that call; only a margin call carries a top-up', () => {
    const ws = state();
    read(ws, 'margin-call', '1000');
    ws.loans.L1!.acknowledgedAt = '1500';
    read(ws, 'warning', '2000');
    expect(ws.loans.L1).toEqual({ band: 'warning' });
  });

  it('an unknown LTV keeps what is tracked, and tracks a new loan as unknown', () => {
    const ws = state();
    expect(read(ws, 'unknown', '500')).toEqual([]);
    expect(ws.loans.L1).toEqual({ band: 'unknown' });
    read(ws, 'margin-call', '1000');
    ws.loans.L1!.acknowledgedAt = '1500';
    const kept = structuredClone(ws.loans.L1);
    expect(read(ws, 'unknown', '2000')).toEqual([]);
    expect(ws.loans.L1).toEqual(kept);
  });

  it('reminds of an unacknowledged margin call once per reminder period, counted from the last reminder', () => {
    const ws = state();
    const every = DEFAULT_RISK_SETTINGS.reminderMs;
    read(ws, 'margin-call', '1000');
    expect(read(ws, 'margin-call', String(1000 + every - 1))).toEqual([]);
    expect(read(ws, 'margin-call', String(1000 + every))).toEqual(['reminder']);
    expect(ws.loans.L1?.lastReminderAt).toBe(String(1000 + every));
    expect(read(ws, 'margin-call', String(1000 + every + 1))).toEqual([]);
    expect(read(ws, 'margin-call', String(1000 + 2 * every))).toEqual(['reminder']);
    ws.loans.L1!.acknowledgedAt = String(1000 + 2 * every);
    expect(read(ws, 'margin-call', String(1000 + 5 * every))).toEqual([]);
    expect(ws.loans.L1?.marginCallSeenAt).toBe('1000');
  });

  it('a warning is never reminded of', () => {
    const ws = state();
    read(ws, 'warning', '1000');
    expect(read(ws, 'warning', String(1000 + 10 * DEFAULT_RISK_SETTINGS.reminderMs))).toEqual([]);
    expect(ws.loans.L1?.topUp).toBeUndefined();
  });

  it('says once that a margin call nears its expiry, from an hour before it', () => {
    const T = 1_700_000_000_000;
    const ws = state();
    const expiring = {
      embedded: { ...loan('x').embedded, marginCall: { expiresAt: String(T + 3_600_001) } },
    };
    expect(read(ws, 'margin-call', String(T), expiring)).toEqual(['margin-call']);
    expect(read(ws, 'margin-call', String(T + 1), expiring)).toEqual(['cure-ending']);
    expect(ws.loans.L1?.cureEndingNotified).toBe(true);
    expect(read(ws, 'margin-call', String(T + 2), expiring)).toEqual([]);
    // Without a platform expiry there is nothing to count down.
    const other = state();
    expect(read(other, 'margin-call', String(T))).toEqual(['margin-call']);
    expect(other.loans.L1?.cureEndingNotified).toBeUndefined();
  });
});
