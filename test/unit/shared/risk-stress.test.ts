/**
 * Stressing the book (src/shared/risk-stress.ts, issue 28 item 2): a table of books and shocks with
 * the crossings and top-ups each must give, the unknown loans, the asset-falls estimate at reference
 * prices, and the checks on the percentage typed.
 */
import { describe, expect, it } from 'vitest';
import { Exact } from '../../../src/shared/decimal';
import type { Loan } from '../../../src/shared/platform/resources';
import {
  prepareStress,
  stressBook,
  stressedLoan,
  type PriceOf,
  type Shock,
  type StressLine,
  type StressResult,
  wouldCross,
} from '../../../src/shared/risk-stress';
import { activeLoan, collateral, rawLoan } from '../../support/fixtures/loans';

/** Margin call 0.8, default 0.9; the warning band of 5 points puts the warning line at 0.75. */
const loan = (
  loanId: string,
  debtRatio: unknown,
  collaterals: { amount: string; currency: string }[] = [{ amount: '2', currency: 'BTC' }],
  extra: Record<string, unknown> = { initialLtv: '0.5' },
): Loan =>
  activeLoan({
    loanId,
    debtRatio: debtRatio as string,
    extra: extra as Loan['extra'],
    embedded: { collaterals } as unknown as Loan['embedded'],
  });

const falls = (percent: string): Shock => ({ kind: 'collateral-falls', percent });
const rises = (percent: string): Shock => ({ kind: 'asset-rises', percent });

interface Expected {
  /** Per loan: the lines it newly crosses. */
  crosses: Record<string, StressLine[]>;
  counts: Record<StressLine, number>;
  /** How many loans the stress cannot judge; none unless given. */
  unknown?: number;
  topUps: { currency: string; amount: string; loans: number }[];
  /** Per loan: its top-up amount, or why it has none (`several-currencies`, `no-target`), or null below the warning line. */
  topUp: Record<string, string | null>;
  stressedLtv?: Record<string, string>;
}

const none = { warning: 0, 'margin-call': 0, default: 0 };

function check(result: StressResult, expected: Expected) {
  for (const [id, lines] of Object.entries(expected.crosses)) {
    const s = stressedLoan(result, id);
    expect(s?.known ? s.crosses : s, id).toEqual(lines);
  }
  expect(result.crosses).toEqual(expected.counts);
  expect(result.unknown).toBe(expected.unknown ?? 0);
  expect(result.topUps).toEqual(expected.topUps);
  for (const [id, amount] of Object.entries(expected.topUp)) {
    const s = stressedLoan(result, id);
    const topUp = s?.known ? s.topUp : undefined;
    expect(topUp === null ? null : topUp?.ok ? topUp.amount : topUp?.reason, id).toBe(amount);
  }
  for (const [id, ltv] of Object.entries(expected.stressedLtv ?? {})) {
    const s = stressedLoan(result, id);
    expect(s?.known ? s.stressedLtv : null, id).toBe(ltv);
  }
}

const A = loan('A', '0.6');

describe('stressBook: books and shocks → crossings and top-ups', () => {
  it.each<[string, Loan[], Shock, Expected]>([
    [
      'a 10 % fall leaves 0.6 under the warning line (0.6667)',
      [A],
      falls('10'),
      {
        crosses: { A: [] },
        counts: none,
        topUps: [],
        topUp: { A: null },
        stressedLtv: { A: '0.666667' },
      },
    ],
    [
      'a 20 % fall lands exactly on the warning line: crossed; top-up 2 × (0.75/0.5 − 1) = 1',
      [A],
      falls('20'),
      {
        crosses: { A: ['warning'] },
        counts: { ...none, warning: 1 },
        topUps: [{ currency: 'BTC', amount: '1', loans: 1 }],
        topUp: { A: '1' },
        stressedLtv: { A: '0.75' },
      },
    ],
    [
      'a 20.5 % fall: the top-up is rounded up at 8 decimals (0.50943396226… → 0.50943397)',
      [loan('R', '0.6', [{ amount: '1', currency: 'BTC' }])],
      falls('20.5'),
      {
        crosses: { R: ['warning'] },
        counts: { ...none, warning: 1 },
        topUps: [{ currency: 'BTC', amount: '0.50943397', loans: 1 }],
        topUp: { R: '0.50943397' },
        stressedLtv: { R: '0.754717' },
      },
    ],
    [
      'a 25 % fall reaches the margin call (0.8); a 40 % fall the default (1.0)',
      [A, loan('B', '0.45')],
      falls('40'),
      {
        crosses: { A: ['warning', 'margin-call', 'default'], B: ['warning'] },
        counts: { warning: 2, 'margin-call': 1, default: 1 },
        // A: 2 × (1/0.5 − 1) = 2; B: 2 × (0.75/0.5 − 1) = 1.
        topUps: [{ currency: 'BTC', amount: '3', loans: 2 }],
        topUp: { A: '2', B: '1' },
        stressedLtv: { A: '1', B: '0.75' },
      },
    ],
    [
      'a rise multiplies: 25 % takes 0.6 to 0.75, 50 % to 0.9 (all three lines)',
      [A, loan('C', '0.48')],
      rises('50'),
      {
        crosses: { A: ['warning', 'margin-call', 'default'], C: [] },
        counts: { warning: 1, 'margin-call': 1, default: 1 },
        // A: 2 × (0.9/0.5 − 1) = 1.6; C at 0.72 stays under the warning line.
        topUps: [{ currency: 'BTC', amount: '1.6', loans: 1 }],
        topUp: { A: '1.6', C: null },
        stressedLtv: { A: '0.9', C: '0.72' },
      },
    ],
    [
      'a loan already in margin call only newly crosses the default; its top-up still counts',
      [loan('M', '0.85')],
      falls('10'),
      {
        crosses: { M: ['default'] },
        counts: { ...none, default: 1 },
        // 2 × (0.85/0.9/0.5 − 1) = 1.7777…: rounded up.
        topUps: [{ currency: 'BTC', amount: '1.77777778', loans: 1 }],
        topUp: { M: '1.77777778' },
      },
    ],
    [
      'unknown LTV or thresholds are unknown, never safe (a JSON number LTV too)',
      [
        loan('N', 0.6),
        rawLoan({ loanId: 'T', debtRatio: '0.99' }),
        loan('D', '0.6', undefined, { marginCallThreshold: '0.8', defaultThreshold: null }),
        A,
      ],
      falls('25'),
      {
        crosses: { A: ['warning', 'margin-call'] },
        counts: { warning: 1, 'margin-call': 1, default: 0 },
        unknown: 3,
        topUps: [{ currency: 'BTC', amount: '1.2', loans: 1 }],
        topUp: { A: '1.2' },
      },
    ],
    [
      'several collateral currencies, and no target: counted, no number; totals stay per currency',
      [
        loan('S', '0.7', collateral(['1', 'BTC'], ['10', 'ETH'])),
        loan('E', '0.7', [{ amount: '10', currency: 'ETH' }]),
        loan('E2', '0.7', [{ amount: '0.000000001', currency: 'ETH' }]),
        // Margin call 0.05 less the 5-point band leaves no positive target, and no initial LTV.
        loan('Z', '0.04', undefined, { marginCallThreshold: '0.05', defaultThreshold: '0.1' }),
      ],
      falls('10'),
      {
        crosses: { S: ['warning'], E: ['warning'], E2: ['warning'], Z: [] },
        counts: { ...none, warning: 3 },
        // 10 × (0.7/0.9/0.5 − 1) = 5.5555…; 0.000000001 × 0.5555… keeps its 9 decimals, rounded up.
        topUps: [{ currency: 'ETH', amount: '5.555555561', loans: 2 }],
        topUp: { S: 'several-currencies', E: '5.55555556', E2: '0.000000001', Z: 'no-target' },
      },
    ],
  ])('%s', (_, loans, shock, expected) => {
    check(stressBook(prepareStress(loans, '5'), shock), expected);
  });

  it('counts a loan at or past each line under the shock, already there or not', () => {
    const r = stressBook(prepareStress([A, loan('M', '0.85')], '5'), falls('10'));
    expect(r.past).toEqual({ warning: 1, 'margin-call': 1, default: 1 });
    expect(r.crossing).toBe(1);
  });

  it('reads the warning band from the board’s settings', () => {
    const r = stressBook(prepareStress([loan('W', '0.6')], '25'), falls('5'));
    // 0.8 − 0.25 = 0.55: 0.6 is past it already, so the 5 % fall crosses nothing new.
    expect(r.crosses).toEqual(none);
    expect(r.past.warning).toBe(1);
  });
});

describe('stressBook: an asset falls, at reference prices (an estimate)', () => {
  const prices: Record<string, string> = { BTC: '60000', ETH: '3000' };
  const priceOf: PriceOf = (c) => (prices[c] === undefined ? null : new Exact(prices[c]));
  const book = prepareStress(
    [
      // BTC is 60,000 of 90,000: a 30 % fall in BTC is a 20 % fall of the collateral: 0.6 → 0.75.
      loan('MIX', '0.6', collateral(['1', 'BTC'], ['10', 'ETH'])),
      loan('ETH', '0.7', [{ amount: '10', currency: 'ETH' }]),
      loan('BTC', '0.6', [{ amount: '2', currency: 'BTC' }]),
      loan('SOL', '0.6', collateral(['1', 'BTC'], ['5', 'SOL'])),
    ],
    '5',
  );

  it('falls by the asset’s share; leaves other collateral; an unpriced collateral is unknown', () => {
    const r = stressBook(book, { kind: 'currency-falls', percent: '30', currency: 'BTC' }, priceOf);
    check(r, {
      // BTC-only collateral falls by the whole 30 %: 0.6 / 0.7; top-up 2 × (0.857…/0.5 − 1), rounded up.
      crosses: { MIX: ['warning'], ETH: [], BTC: ['warning', 'margin-call'] },
      counts: { warning: 2, 'margin-call': 1, default: 0 },
      unknown: 1,
      topUps: [{ currency: 'BTC', amount: '1.42857143', loans: 1 }],
      topUp: { MIX: 'several-currencies', ETH: null, BTC: '1.42857143' },
      stressedLtv: { MIX: '0.75', ETH: '0.7', BTC: '0.857143' },
    });
    const eth = stressedLoan(r, 'ETH');
    expect(eth?.known && eth.untouched).toBe(true);
    expect(stressedLoan(r, 'SOL')).toMatchObject({ known: false, why: 'no reference price for SOL' });
  });

  it('without prices every loan holding the asset is unknown', () => {
    const r = stressBook(book, { kind: 'currency-falls', percent: '30', currency: 'BTC' });
    expect(r.unknown).toBe(3);
    expect(r.crosses).toEqual(none);
  });
});

describe('the loans a stress cannot judge, and the one-loan questions', () => {
  it.each<[string, Loan, string]>([
    ['an LTV sent as a JSON number', loan('U1', 0.6), 'the LTV is unknown'],
    ['a negative LTV', loan('U2', '-0.1'), 'the LTV is unknown'],
    [
      'no margin-call threshold',
      loan('U3', '0.6', undefined, { marginCallThreshold: undefined }),
      'the margin-call threshold is unknown',
    ],
    [
      'a margin-call threshold of 0',
      loan('U4', '0.6', undefined, { marginCallThreshold: '0' }),
      'the margin-call threshold is unknown',
    ],
    [
      'no default threshold',
      loan('U5', '0.6', undefined, { defaultThreshold: undefined }),
      'the default threshold is unknown',
    ],
  ])('%s is unknown, saying why', (_name, l, why) => {
    const r = stressBook(prepareStress([l], '5'), falls('10'));
    expect(r.unknown).toBe(1);
    expect(stressedLoan(r, String(l.loanId))).toEqual({ loanId: l.loanId, known: false, why });
  });

  it('wouldCross: true only for a loan of the book that newly crosses a line', () => {
    const r = stressBook(
      prepareStress([loan('X', '0.7'), loan('Y', '0.5'), loan('P', '0.95')], '5'),
      falls('10'),
    );
    // 0.7 / 0.9 = 0.777… crosses the warning line; 0.5 / 0.9 does not; 0.95 was past every line already.
    expect(['X', 'Y', 'P', 'nope'].map((id) => wouldCross(r, id))).toEqual([true, false, false, false]);
    expect(stressedLoan(r, 'nope')).toBeUndefined();
  });
});
