/**
 * The risk arithmetic and the board's pieces (src/shared/risk.ts): decimals read, headroom, the
 * LTV's age, cure time, bands, ordering, totals, alert sentences, the loans tab's search fields,
 * the top-up target, the trimmed loan the board keeps, loans sent with nulls, and the settings.
 */
import { describe, expect, it } from 'vitest';
import type { Loan } from '../../../src/shared/platform/resources';
import {
  alertTitle,
  assessLoan,
  boardLoan,
  compareHeadroom,
  cureTime,
  expiryPeriodMs,
  headroom,
  isStale,
  loanSearchFields,
  ltvAgeMs,
  ltvStatusOf,
  readDecimal,
  riskBand,
  riskSettingsSchema,
  riskTotals,
  sortByHeadroom,
  topUpTarget,
  RISK_ALERT_KINDS,
  type RiskAlertKind,
} from '../../../src/shared/risk';
import { activeLoan as loan, collateral, rawLoan, RISK_NOW as NOW } from '../../support/fixtures/loans';

const HOUR = 3_600_000;
/** A healthy loan at LTV 0.6 without `extra`: no thresholds at all. */
const bare = (over: Record<string, unknown> = {}): Loan =>
  rawLoan({ debtRatio: '0.6', debtRatioStatus: 'healthy', ...over });

describe('readDecimal and ltvStatusOf', () => {
  it('reads decimal strings only', () => {
    expect(readDecimal('-1.25')?.toFixed()).toBe('-1.25');
    expect(readDecimal('7')?.toFixed()).toBe('7');
    for (const v of [0.5, '1e3', '1.', '.5', ' 1', '1 ', 'abc', null, undefined])
      expect(readDecimal(v)).toBeNull();
  });

  it('knows the three platform statuses and nothing else', () => {
    expect(ltvStatusOf(rawLoan({ debtRatioStatus: 'healthy' }))).toBe('healthy');
    expect(ltvStatusOf(rawLoan({ debtRatioStatus: 'margin-call' }))).toBe('margin-call');
    expect(ltvStatusOf(rawLoan({ debtRatioStatus: 'default' }))).toBe('default');
    expect(ltvStatusOf(rawLoan({ debtRatioStatus: 'HEALTHY' }))).toBeNull();
    expect(ltvStatusOf(rawLoan({}))).toBeNull();
  });
});

describe('headroom: the fall in collateral value that reaches a threshold', () => {
  it('is 1 - ratio/threshold, exactly in decimals', () => {
    expect(headroom('0.6', '0.8')).toBe('0.25');
    expect(headroom('0.6', '0.9')).toBe('0.333333');
    // 0.1 + 0.2 style floats would drift; decimals do not.
    expect(headroom('0.7', '0.7')).toBe('0');
    expect(headroom('0.88', '0.8')).toBe('-0.1');
  });

  it('is unknown, never 0 or 100 %, when a value is missing or unreadable', () => {
    expect(headroom(undefined, '0.8')).toBeNull();
    expect(headroom('0.6', undefined)).toBeNull();
    expect(headroom(null, '0.8')).toBeNull();
    expect(headroom(0.6, '0.8')).toBeNull(); // a JSON number where a string is promised
    expect(headroom('0.6', 0.8)).toBeNull();
    expect(headroom('abc', '0.8')).toBeNull();
    expect(headroom('1e-1', '0.8')).toBeNull();
    expect(headroom('0.6', '0')).toBeNull();
  });

  it('reads thresholds missing from a loan as unknown headroom, and a known one still works', () => {
    const row = assessLoan(loan({ extra: { marginCallThreshold: undefined } }), NOW);
    expect(row.headroomMarginCall).toBeNull();
    expect(row.headroomDefault).toBe('0.333333');
  });

  it('is unknown for a loan without extra, which is healthy and never throws', () => {
    expect(assessLoan(bare(), NOW)).toMatchObject({
      band: 'healthy',
      headroomMarginCall: null,
      headroomDefault: null,
    });
  });
});

describe('staleness of debtRatioUpdatedAt', () => {
  it('flags an LTV older than 15 minutes, not one exactly 15 minutes old', () => {
    expect(isStale(String(1800000000000 - 15 * 60_000), NOW)).toBe(false);
    expect(isStale(String(1800000000000 - 15 * 60_000 - 1), NOW)).toBe(true);
    expect(ltvAgeMs('1799999990000', NOW)).toBe('10000');
  });

  it('is unknown when the time is missing or unreadable; a whole JSON number reads like its digits', () => {
    expect(isStale(undefined, NOW)).toBeNull();
    // One timestamp rule for every reader (issue 25): epoch ms are exact in a JS number.
    expect(isStale(1799999990000, NOW)).toBe(false);
    expect(isStale(1799999990000.5, NOW)).toBeNull();
    expect(isStale('yesterday', NOW)).toBeNull();
    expect(ltvAgeMs(NOW, 'soon')).toBeNull();
    expect(ltvAgeMs('x', NOW)).toBeNull();
  });
});

describe('cure time', () => {
  const inCall = (marginCall: Record<string, unknown>, period?: string) =>
    bare({
      debtRatioStatus: 'margin-call',
      embedded: { marginCall },
      extra: { marginCallExpiryPeriod: period },
    });

  it('reads the expiry period as hours, seconds or milliseconds by range', () => {
    expect(expiryPeriodMs('24')).toBe('86400000');
    expect(expiryPeriodMs('3600')).toBe('3600000');
    expect(expiryPeriodMs('86400000')).toBe('86400000');
    expect(expiryPeriodMs('25')).toBeNull();
    expect(expiryPeriodMs('1.5')).toBeNull();
    expect(expiryPeriodMs(24)).toBeNull();
  });

  it('counts down from the platform start plus the period', () => {
    const l = loan({
      debtRatioStatus: 'margin-call',
      embedded: { marginCall: { startedAt: String(1800000000000 - HOUR) } },
      extra: { marginCallExpiryPeriod: '4' },
    });
    expect(cureTime(l, NOW)).toEqual({
      source: 'platform',
      endsAt: String(1800000000000 + 3 * HOUR),
      remainingMs: String(3 * HOUR),
      elapsedMs: '3600000',
    });
  });

  it('starts from createdAt when the margin call has no startedAt', () => {
    expect(cureTime(inCall({ createdAt: String(1800000000000 - HOUR) }, '4'), NOW)).toEqual({
      source: 'platform',
      endsAt: String(1800000000000 + 3 * HOUR),
      remainingMs: String(3 * HOUR),
      elapsedMs: String(HOUR),
    });
  });

  it('prefers an explicit expiresAt and goes negative once expired', () => {
    const l = loan({
      debtRatioStatus: 'margin-call',
      embedded: { marginCall: { expiresAt: '1799999999000' } },
    });
    expect(cureTime(l, NOW)?.remainingMs).toBe('-1000');
  });

  it('falls back to the time since the console first saw it', () => {
    const l = loan({ debtRatioStatus: 'margin-call' });
    expect(cureTime(l, NOW, '1799999000000')).toEqual({
      source: 'first-seen',
      endsAt: null,
      remainingMs: null,
      elapsedMs: '1000000',
    });
    expect(cureTime(loan(), NOW)).toBeNull();
    expect(cureTime(bare({ debtRatioStatus: 'margin-call' }), NOW)).toMatchObject({ source: 'first-seen' });
  });

  it('a start without a readable period, or no start, counts from the first sighting', () => {
    const seen = String(1800000000000 - 2 * HOUR);
    expect(cureTime(inCall({ startedAt: String(1800000000000 - HOUR) }, '99'), NOW, seen)).toEqual({
      source: 'first-seen',
      endsAt: null,
      remainingMs: null,
      elapsedMs: String(2 * HOUR),
    });
    expect(cureTime(inCall({}, '4'), NOW, seen)?.source).toBe('first-seen');
  });

  it('an unreadable clock gives unknown times, not a guess', () => {
    expect(cureTime(inCall({ expiresAt: NOW }), 'soon')).toMatchObject({
      source: 'first-seen',
      elapsedMs: null,
    });
    expect(cureTime(inCall({}), 'soon', NOW)?.elapsedMs).toBeNull();
    expect(cureTime(inCall({}), NOW, 'x')?.elapsedMs).toBeNull();
  });
});

describe('bands', () => {
  it('puts a healthy loan within 5 LTV points of margin call in the warning band', () => {
    expect(riskBand(loan({ debtRatio: '0.75' }))).toBe('warning');
    expect(riskBand(loan({ debtRatio: '0.7499' }))).toBe('healthy');
    expect(riskBand(loan({ debtRatio: '0.7' }), '10')).toBe('warning');
    expect(riskBand(loan({ debtRatioStatus: 'margin-call' }))).toBe('margin-call');
    expect(riskBand(loan({ debtRatioStatus: undefined }))).toBe('unknown');
    expect(riskBand(loan({ debtRatio: '0.79', extra: { marginCallThreshold: undefined } }))).toBe('healthy');
  });

  it('a defaulted loan is in the default band; one without thresholds or below the warning band is healthy', () => {
    expect(riskBand(bare({ debtRatioStatus: 'default' }))).toBe('default');
    expect(riskBand(bare({ debtRatio: '0.5', extra: { marginCallThreshold: '0.8' } }))).toBe('healthy');
    expect(riskBand(bare())).toBe('healthy');
  });
});

describe('ordering by headroom', () => {
  it('compareHeadroom sorts ascending, puts unknown last and keeps two unknowns equal', () => {
    expect(['0.3', null, '-0.1', '0.05'].sort(compareHeadroom)).toEqual(['-0.1', '0.05', '0.3', null]);
    expect(compareHeadroom(null, null)).toBe(0);
    expect(compareHeadroom(null, '0.1')).toBe(1);
    expect(compareHeadroom('0.1', null)).toBe(-1);
    expect(compareHeadroom('0.1', '0.2')).toBe(-1);
  });

  it('sortByHeadroom puts the loan closest to margin call first and unknown last, keeping ties in order', () => {
    const mc = (id: string, debtRatio: unknown) =>
      rawLoan({ loanId: id, debtRatio, extra: { marginCallThreshold: '0.8' } });
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
    expect(loans[0]?.loanId).toBe('unknown-1'); // a sorted copy: the input keeps its order
    const known = bare({ loanId: 'K', extra: { marginCallThreshold: '0.8' } });
    expect(sortByHeadroom([bare(), known]).map((l) => l.loanId)).toEqual(['K', 'L']);
  });
});

describe('riskTotals', () => {
  it('never adds different currencies and keeps unknown amounts out of the sums', () => {
    const totals = riskTotals([
      loan({ loanId: 'a', amount: '1', currency: 'BTC' }),
      loan({ loanId: 'b', amount: '2', currency: 'ETH' }),
      loan({ loanId: 'c', amount: '0.1', currency: 'BTC', debtRatioStatus: 'margin-call' }),
      loan({ loanId: 'd', amount: 5 as unknown as string, currency: 'BTC' }),
      loan({
        loanId: 'e',
        amount: '0.2',
        currency: 'BTC',
        embedded: {
          collaterals: collateral(['10', 'ETH'], ['0.3', 'BTC'], [null, 'ETH']) as never,
        },
      }),
    ]);
    expect(totals.loanAmounts).toEqual([
      { currency: 'BTC', amount: '1.3', count: 3, unknown: 1 },
      { currency: 'ETH', amount: '2', count: 1, unknown: 0 },
    ]);
    expect(totals.collateral).toEqual([
      { currency: 'BTC', amount: '0.3', count: 1, unknown: 0 },
      { currency: 'ETH', amount: '10', count: 1, unknown: 1 },
    ]);
    expect(totals.byBand['margin-call']).toBe(1);
    expect(totals.byBand.healthy).toBe(4);
  });

  it('counts loans without a usable currency apart, skips such collaterals, and orders currencies', () => {
    const loans = [
      bare({
        currency: 'USDC',
        amount: '10',
        embedded: { collaterals: [{ currency: 'ETH', amount: '1' }, { amount: '5' }] },
      }),
      bare({
        currency: 'BTC',
        amount: '1',
        embedded: {
          collaterals: collateral(['7', ''], ['2', 'BTC']),
        },
      }),
      bare({ currency: 'ETH', amount: '3' }),
      bare({ currency: '', amount: '4' }),
      bare({ amount: '5' }),
      bare({ currency: 7, amount: '6' }),
    ];
    const totals = riskTotals(loans);
    expect(totals.noCurrency).toBe(3);
    expect(totals.loanAmounts.map((t) => [t.currency, t.amount])).toEqual([
      ['BTC', '1'],
      ['ETH', '3'],
      ['USDC', '10'],
    ]);
    expect(totals.collateral.map((t) => [t.currency, t.amount])).toEqual([
      ['BTC', '2'],
      ['ETH', '1'],
    ]);
  });

  describe('beyond the exact precision', () => {
    const big = (loanId: string, amount: string) =>
      rawLoan({ loanId, amount, currency: 'BTC', debtRatioStatus: 'healthy' });

    it('adds 30 integer digits and 18 decimals exactly (decimal.js defaults to 20 significant digits)', () => {
      const a = '123456789012345678901234567890.123456789012345678';
      const totals = riskTotals([big('a', a), big('b', '0.000000000000000001')]);
      expect(totals.loanAmounts[0]?.amount).toBe('123456789012345678901234567890.123456789012345679');
    });

    it('says "too large to total" (amount null) rather than round or throw', () => {
      const totals = riskTotals([big('a', '9'.repeat(99)), big('b', '1'), big('c', '1'.repeat(5000))]);
      expect(totals.loanAmounts[0]).toMatchObject({ currency: 'BTC', amount: null });
    });

    it('leaves exotic amount strings out as unknown', () => {
      const totals = riskTotals([big('a', '0x10'), big('b', '1e3'), big('c', '1')]);
      expect(totals.loanAmounts[0]).toMatchObject({ amount: '1', count: 1, unknown: 2 });
    });
  });
});

describe('alertTitle', () => {
  const SENTENCES: [RiskAlertKind, string][] = [
    ['warning', 'Loan L1 nears its margin call'],
    ['margin-call', 'Loan L1 is in margin call'],
    ['cure-ending', 'Loan L1 margin call nears its expiry'],
    ['default', 'Loan L1 has defaulted'],
    ['healthy', 'Loan L1 is back to healthy'],
    ['reminder', 'Loan L1 is still in margin call'],
  ];

  it.each(SENTENCES)('says of %s: "%s"', (kind, sentence) => {
    expect(alertTitle(kind, 'L1')).toBe(sentence);
  });

  it('has a sentence for every kind', () => {
    expect(SENTENCES.map(([kind]) => kind).sort()).toEqual([...RISK_ALERT_KINDS].sort());
  });
});

describe('loanSearchFields', () => {
  it('lists the id, the external id, both counterparty ids and the embedded counterparties', () => {
    const l = rawLoan({
      loanId: 'loan-ABC',
      externalId: 'ext-77',
      borrowerCounterpartyId: 'cp-borrow',
      lenderCounterpartyId: 'cp-lend',
      embedded: { counterparties: [{ counterpartyId: 'cp-third', counterpartyName: 'Acme Trading' }] },
    });
    expect(loanSearchFields(l)).toEqual([
      'loan-ABC',
      'ext-77',
      'cp-borrow',
      'cp-lend',
      'cp-third',
      'Acme Trading',
    ]);
  });

  it('passes other values on as they are (the search skips what is not text)', () => {
    expect(loanSearchFields(rawLoan({ loanId: 'x', externalId: 42 }))).toEqual([
      'x',
      42,
      undefined,
      undefined,
    ]);
    expect(loanSearchFields(rawLoan({ loanId: undefined }))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('top-up target (the table: test/unit/shared/risk-top-up.test.ts)', () => {
  it('is the lowest positive of rebalance, initial and margin call minus the band; a number is no candidate', () => {
    expect(topUpTarget(loan({ extra: { initialLtv: '0.5' } }))).toBe('0.5');
    expect(topUpTarget(loan({ extra: { initialLtv: '0.9' } }))).toBe('0.75');
    expect(topUpTarget(loan({ extra: { initialLtv: '0.9' } }), '10')).toBe('0.7');
    expect(topUpTarget(rawLoan({ extra: { initialLtv: 0.5 as unknown as string } }))).toBeNull();
    expect(topUpTarget(rawLoan({ extra: { initialLtv: '0' } }))).toBeNull();
  });
});

describe('boardLoan', () => {
  it('keeps what the board uses and only the loan’s own counterparties', () => {
    const full = rawLoan({
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
    const bareBoard = boardLoan(rawLoan({ loanId: 'L0' })) as unknown as Record<string, unknown>;
    expect('extra' in bareBoard).toBe(false);
    expect('embedded' in bareBoard).toBe(false);
  });
});

describe('a loan the platform sends with nulls', () => {
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
  ].map((raw) => rawLoan(raw));

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
      expect(() => topUpTarget(l)).not.toThrow();
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
