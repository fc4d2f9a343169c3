/**
 * The risk board's stress control (StressPanel.tsx): the counts, top-ups and estimate label it
 * shows for a book, its message for bad input, the reference prices it reads from a sheet, and
 * that stressing calls nothing on the main side.
 */
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PriceSheet } from '../../../../src/shared/price-sheet';
import type { RiskBoard } from '../../../../src/shared/risk';
import {
  bookOf,
  StressPanel,
  stressPrices,
  useStress,
  type StressInput,
  type StressPrices,
} from '../../../../src/renderer/src/features/risk/StressPanel';
import { fakeCopper, type FakeCopper } from '../../../support/fake-copper';
import { html } from '../hostile/hostile-rows';

/** Margin call 0.8, default 0.9, initial LTV 0.5, 2 units of collateral. */
const loan = (loanId: string, debtRatio: string, currency = 'BTC') => ({
  loanId,
  debtRatio,
  debtRatioStatus: 'healthy',
  extra: { marginCallThreshold: '0.8', defaultThreshold: '0.9', initialLtv: '0.5' },
  embedded: { collaterals: [{ amount: '2', currency }] },
});

const board = {
  loans: [loan('A', '0.6'), loan('B', '0.45', 'ETH'), { loanId: 'U', debtRatio: null }],
  settings: { warningPoints: '5' },
  partial: false,
} as unknown as RiskBoard;

const row = (currency: string, price: string, asOf: string, quote = 'USD') => ({
  currency,
  price,
  quote,
  asOf,
  source: 'desk',
});
const sheet: PriceSheet = {
  rows: [
    row('btc', '60000', '2026-01-02T00:00:00Z'),
    row('ETH', '3000', '2026-01-01T00:00:00Z'),
    row('SOL', '150', '2026-01-03T00:00:00Z', 'EUR'),
  ],
  staleAfterMinutes: 60,
  updatedAt: null,
  origin: 'operator',
};
const NOW = Date.parse('2026-01-02T00:30:00Z');

// The panel reads a board's book after a frame (an effect, which a static render does not run).
bookOf(board);

function Harness({ input, prices = null }: { input: StressInput; prices?: StressPrices | null }) {
  const stress = useStress(board, prices, input);
  return createElement(StressPanel, { stress, onlyCrossing: false, onOnlyCrossing: () => undefined });
}
const render = (input: Partial<StressInput>, prices?: StressPrices | null) =>
  html(
    createElement(Harness, {
      input: { kind: 'collateral-falls', percent: '', currency: '', ...input },
      prices,
    }),
  );

/** Every contract call the renderer would make goes through `globalThis.copper`: recorded here. */
let copper: FakeCopper;
beforeEach(() => {
  copper = fakeCopper();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('StressPanel', () => {
  it('shows the crossings, the unknown loans and the top-up per currency, calling nothing', () => {
    // A 40 % fall: A 0.6 → 1 (all three lines, 2 BTC to 0.5), B 0.45 → 0.75 (warning, 1 ETH).
    const out = render({ percent: '40' });
    expect(out).toContain('data-shock="collateral-falls:40"');
    expect(out).toMatch(/data-testid="stress-cross-warning" data-count="2"/);
    expect(out).toMatch(/data-testid="stress-cross-margin-call" data-count="1"/);
    expect(out).toMatch(/data-testid="stress-cross-default" data-count="1"/);
    expect(out).toMatch(/data-testid="stress-unknown" data-count="1"/);
    expect(out).toMatch(/data-currency="BTC" data-amount="2" data-loans="1"/);
    expect(out).toMatch(/data-currency="ETH" data-amount="1" data-loans="1"/);
    expect(copper.calls).toEqual([]);
  });

  it('says what is wrong with the percentage and shows no figures', () => {
    const out = render({ kind: 'asset-rises', percent: '2000' });
    expect(out).toContain('A rise is at most 1000 %.');
    expect(out).not.toContain('stress-summary');
  });

  it('labels an asset’s fall as an estimate at the sheet’s prices, as of the oldest', () => {
    const out = render({ kind: 'currency-falls', percent: '10', currency: 'BTC' }, stressPrices(sheet, NOW));
    expect(out).toContain('data-testid="stress-estimate"');
    expect(out).toContain('Estimate at your prices (as of 2026-01-01T00:00:00Z), 1 of them stale');
    expect(out).toContain('data-shock="currency-falls:10:BTC"');
    expect(copper.calls).toEqual([]);
  });

  it('asks for reference prices when the workspace has none', () => {
    const out = render({ kind: 'currency-falls', percent: '10', currency: 'BTC' }, null);
    expect(out).toContain('This workspace has no reference prices');
  });
});

describe('stressPrices', () => {
  it('reads the sheet’s USD prices, by currency in any case; none without rows', () => {
    const prices = stressPrices(sheet, NOW);
    expect(prices?.currencies).toEqual(['ETH', 'btc']);
    expect(prices?.priceOf('BTC')?.toFixed()).toBe('60000');
    expect(prices?.priceOf('eth')?.toFixed()).toBe('3000');
    // Priced in EUR only: no USD price.
    expect(prices?.priceOf('SOL')).toBeNull();
    expect(prices?.asOf).toBe('2026-01-01T00:00:00Z');
    expect(prices?.stale).toBe(1);
    expect(stressPrices({ ...sheet, rows: [] }, NOW)).toBeNull();
    expect(stressPrices(null, NOW)).toBeNull();
  });
});
