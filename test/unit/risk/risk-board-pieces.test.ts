/**
 * The risk module's pieces beside its arithmetic (src/shared/risk.ts): the board's ordering, the
 * alert sentences, the loans tab's search, the top-up dry run's body and answer, the trimmed loan
 * the board keeps, and the settings' warning points. Mutation testing found them unpinned.
 */
import { describe, expect, it } from 'vitest';
import type { Loan } from '../../../src/shared/platform/resources';
import {
  alertTitle,
  boardLoan,
  ltvStatusOf,
  loanMatches,
  readDecimal,
  readTopUp,
  riskSettingsSchema,
  sortByHeadroom,
  topUpDryRunBody,
  riskTotals,
  loanSearchFields,
  topUpTarget,
} from '../../../src/shared/risk';

const loan = (over: Record<string, unknown>): Loan => ({ loanId: 'L', ...over }) as unknown as Loan;

describe('readDecimal and ltvStatusOf', () => {
  it('reads decimal strings only', () => {
    expect(readDecimal('-1.25')?.toFixed()).toBe('-1.25');
    expect(readDecimal('7')?.toFixed()).toBe('7');
    for (const v of [0.5, '1e3', '1.', '.5', ' 1', '1 ', 'abc', null, undefined])
      expect(readDecimal(v)).toBeNull();
  });

  it('knows the three platform statuses and nothing else', () => {
    expect(ltvStatusOf(loan({ debtRatioStatus: 'healthy' }))).toBe('healthy');
    expect(ltvStatusOf(loan({ debtRatioStatus: 'margin-call' }))).toBe('margin-call');
    expect(ltvStatusOf(loan({ debtRatioStatus: 'default' }))).toBe('default');
    expect(ltvStatusOf(loan({ debtRatioStatus: 'HEALTHY' }))).toBeNull();
    expect(ltvStatusOf(loan({}))).toBeNull();
  });
});

describe('sortByHeadroom', () => {
  it('puts the loan closest to margin call first and unknown headroom last, keeping ties in order', () => {
    const mc = (id: string, debtRatio: unknown) =>
      loan({ loanId: id, debtRatio, extra: { marginCallThreshold: '0.8' } });
    const loans = [
      mc('unknown-1', null),
      mc('far', '0.2'),
      mc('close', '0.7'),
      mc('unknown-2', 'x'),
      mc('past', '0.9'),
      mc('tie-a', '0.4'),
      mc('tie-b', '0.4'),
    ];
    expect(sortByHeadroom(loans).map((l) => l.loanId)).toEqual([
      'past',
      'close',
      'tie-a',
      'tie-b',
      'far',
      'unknown-1',
      'unknown-2',
    ]);
    expect(loans[0]?.loanId).toBe('unknown-1');
  });
});

describe('alertTitle', () => {
  it('says one sentence per kind', () => {
    expect(alertTitle('warning', 'L1')).toBe('Loan L1 nears its margin call');
    expect(alertTitle('margin-call', 'L1')).toBe('Loan L1 is in margin call');
    expect(alertTitle('cure-ending', 'L1')).toBe('Loan L1 margin call nears its expiry');
    expect(alertTitle('default', 'L1')).toBe('Loan L1 has defaulted');
    expect(alertTitle('healthy', 'L1')).toBe('Loan L1 is back to healthy');
    expect(alertTitle('reminder', 'L1')).toBe('Loan L1 is still in margin call');
  });
});

describe('loanMatches', () => {
  const l = loan({
    loanId: 'loan-ABC',
    externalId: 'ext-77',
    borrowerCounterpartyId: 'cp-borrow',
    lenderCounterpartyId: 'cp-lend',
    embedded: { counterparties: [{ counterpartyId: 'cp-third', counterpartyName: 'Acme Trading' }] },
  });

  it('matches the ids, the external id and the counterparties, ignoring case and spaces around', () => {
    for (const search of ['abc', 'EXT-77', 'borrow', 'cp-lend', 'cp-third', '  acme trading ']) {
      expect(loanMatches(l, search)).toBe(true);
    }
  });

  it('an empty search matches everything; other text matches nothing', () => {
    expect(loanMatches(l, '   ')).toBe(true);
    expect(loanMatches(l, 'zzz')).toBe(false);
    expect(loanMatches(loan({ loanId: 'x', externalId: 42 }), '42')).toBe(false);
  });
});

describe('top-up', () => {
  const collateral = { amount: '2', currency: 'BTC', mainCurrency: 'BTC', extraField: 'dropped' };

  it('asks the dry run for the collateral back to the initial LTV, in the first collateral currency', () => {
    const l = loan({
      amount: '1000',
      currency: 'USDC',
      extra: { initialLtv: '0.5' },
      embedded: {
        collaterals: [collateral, { amount: '3', currency: 'ETH', mainCurrency: 'ETH' }, { amount: '1' }],
      },
    });
    expect(topUpTarget(l)).toBe('0.5');
    expect(topUpDryRunBody(l)).toEqual({
      ok: true,
      body: {
        loanAmount: '1000',
        loanCurrency: 'USDC',
        collaterals: [
          { amount: '2', currency: 'BTC', mainCurrency: 'BTC' },
          { amount: '3', currency: 'ETH', mainCurrency: 'ETH' },
        ],
        targetLtv: '0.5',
        collateralCurrency: 'BTC',
      },
    });
  });

  it('says why no dry run can be asked', () => {
    expect(topUpDryRunBody(loan({ embedded: { collaterals: [collateral] } }))).toEqual({
      ok: false,
      why: 'the loan states no initial LTV to return to',
    });
    expect(topUpTarget(loan({ extra: { initialLtv: '0' } }))).toBeNull();
    expect(
      topUpDryRunBody(loan({ extra: { initialLtv: '0.5' }, embedded: { collaterals: [{ amount: '1' }] } })),
    ).toEqual({
      ok: false,
      why: 'the loan lists no collateral',
    });
    expect(topUpDryRunBody(loan({ extra: { initialLtv: '0.5' } }))).toEqual({
      ok: false,
      why: 'the loan lists no collateral',
    });
  });

  it('reads the dry run answer, keeping the platform strings', () => {
    expect(
      readTopUp({ requiredCollateralAmount: '0.125', requiredCollateralCurrency: 'BTC' }, '0.5', '100'),
    ).toEqual({ ok: true, amount: '0.125', currency: 'BTC', targetLtv: '0.5', at: '100' });
    const refused = { ok: false, why: 'the dry run gave no collateral amount', at: '100' };
    expect(
      readTopUp({ requiredCollateralAmount: 0.125, requiredCollateralCurrency: 'BTC' }, '0.5', '100'),
    ).toEqual(refused);
    expect(
      readTopUp({ requiredCollateralAmount: '0.125', requiredCollateralCurrency: '' }, '0.5', '100'),
    ).toEqual(refused);
    expect(readTopUp({ requiredCollateralAmount: '0.125' }, '0.5', '100')).toEqual(refused);
    expect(readTopUp(null, '0.5', '100')).toEqual(refused);
  });
});

describe('boardLoan', () => {
  it('keeps what the board uses and only the loan’s own counterparties', () => {
    const full = loan({
      loanId: 'L9',
      amount: '5',
      currency: 'USDC',
      debtRatio: '0.4',
      debtRatioStatus: 'healthy',
      borrowerCounterpartyId: 'cp-b',
      lenderCounterpartyId: 'cp-l',
      allocations: ['big'],
      extra: { marginCallThreshold: '0.8', initialLtv: '0.5', somethingElse: 'x' },
      embedded: {
        collaterals: [{ amount: '1', currency: 'BTC', mainCurrency: 'BTC', walletId: 'w' }],
        counterparties: [
          { counterpartyId: 'cp-b', counterpartyName: 'Borrower', tags: ['x'] },
          { counterpartyId: 'cp-other', counterpartyName: 'Other' },
        ],
        marginCall: { startedAt: '1' },
        loanAllocations: ['big'],
      },
    });
    const trimmed = boardLoan(full) as unknown as Record<string, unknown>;
    expect(trimmed.allocations).toBeUndefined();
    expect(trimmed).toMatchObject({ loanId: 'L9', amount: '5', currency: 'USDC', debtRatio: '0.4' });
    expect(trimmed.extra).toEqual({
      marginCallThreshold: '0.8',
      defaultThreshold: undefined,
      rebalanceThreshold: undefined,
      initialLtv: '0.5',
      marginCallExpiryPeriod: undefined,
    });
    expect(trimmed.embedded).toEqual({
      collaterals: [{ amount: '1', currency: 'BTC', mainCurrency: 'BTC' }],
      counterparties: [{ counterpartyId: 'cp-b', counterpartyName: 'Borrower' }],
      marginCall: { startedAt: '1' },
    });
    const bare = boardLoan(loan({ loanId: 'L0' })) as unknown as Record<string, unknown>;
    expect('extra' in bare).toBe(false);
    expect('embedded' in bare).toBe(false);
  });
});

describe('a loan the platform sends with nulls (issue 25.1)', () => {
  // What the platform may send and the sandbox never does: null objects and null array entries.
  const hostile = [
    { loanId: 'N1', extra: null },
    { loanId: 'N2', embedded: null },
    {
      loanId: 'N3',
      extra: { marginCallThreshold: '0.8' },
      embedded: { collaterals: [null, { amount: '1', currency: 'BTC' }] },
    },
    { loanId: 'N4', embedded: { counterparties: [null, 'cp-x'], collaterals: null, marginCall: null } },
  ].map((raw) => loan(raw as never));

  it('never throws: the board keeps the loan, with the missing parts left out', () => {
    const board = hostile.map(boardLoan);
    expect(board.map((l) => l.loanId)).toEqual(['N1', 'N2', 'N3', 'N4']);
    expect((board[0] as unknown as Record<string, unknown>).extra).toBeUndefined();
    expect((board[1] as unknown as Record<string, unknown>).embedded).toBeUndefined();
    expect(board[2]?.embedded?.collaterals).toEqual([
      { amount: '1', currency: 'BTC', mainCurrency: undefined },
    ]);
    expect(board[3]?.embedded?.counterparties).toEqual([]);
    expect(() => riskTotals(hostile)).not.toThrow();
    expect(riskTotals(hostile).collateral).toEqual(riskTotals(board).collateral);
    for (const l of hostile) {
      expect(() => topUpDryRunBody(l)).not.toThrow();
      expect(() => loanSearchFields(l)).not.toThrow();
    }
  });
});

describe('riskSettingsSchema warning points', () => {
  const withPoints = (warningPoints: string) =>
    riskSettingsSchema.safeParse({ enabled: true, intervalMs: 60_000, reminderMs: 60_000, warningPoints });

  it('takes LTV points up to 50, refusing more with a message that says so', () => {
    expect(withPoints('50').success).toBe(true);
    expect(withPoints('2.5').success).toBe(true);
    const over = withPoints('50.5');
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((i) => i.message)).toEqual(['must be at most 50 LTV points']);
    const bad = withPoints('abc');
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['must be LTV points such as 5 or 2.5']);
  });
});
