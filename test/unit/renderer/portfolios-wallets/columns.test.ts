/** Portfolios & wallets under null fields, null nested objects and values that are not text (issue 25). */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  portfolioColumns,
  walletColumns,
} from '../../../../src/renderer/src/features/portfolios-wallets/columns';
import { WalletTotals } from '../../../../src/renderer/src/features/portfolios-wallets/WalletTotals';
import { renderCell } from '../../../../src/renderer/src/components/data-table/cells';
import { eachVariant, html, renderColumns } from '../hostile/hostile-rows';
import { samplePortfolio, sampleWallet } from '../hostile/samples';
import { jsonNumberText } from '../../../../src/shared/json-number';
import { sortRows } from '../../../../src/renderer/src/components/data-table/sort';
import { NO_PRICES, PRICES } from '../../../support/fixtures/price-sheet';

describe('portfolio and wallet columns', () => {
  it('render and sort every variant of a portfolio (extra: null, fields null or not text)', () => {
    renderColumns(portfolioColumns, samplePortfolio);
  });

  it('render and sort every variant of a wallet', () => {
    renderColumns(
      walletColumns((id) => ({ name: String(id), inactive: false }), PRICES),
      sampleWallet,
    );
  });

  it('show a null balance as unknown, never 0', () => {
    const col = walletColumns(() => ({ name: 'x', inactive: false }), NO_PRICES).find(
      (c) => c.id === 'balance',
    )!;
    const cell = html(renderCell(col, { ...sampleWallet, balance: null as never }));
    expect(cell).toContain('amount-unknown');
    expect(cell).not.toContain('>0<');
  });
});

describe('wallet totals', () => {
  it('render for every variant of a wallet', () => {
    eachVariant(sampleWallet, (w) =>
      html(createElement(WalletTotals, { wallets: [w, sampleWallet], prices: PRICES })),
    );
  });

  it('say "too large to total" for a sum beyond the precision (was: the tab\'s error panel)', () => {
    const big = { ...sampleWallet, totalBalance: '9'.repeat(99), currency: 'BTC' };
    const out = html(createElement(WalletTotals, { wallets: [big, big], prices: NO_PRICES }));
    expect(out).toContain('too large to total');
  });

  it('say how many values were left out as not plain decimals or JSON numbers', () => {
    const out = html(
      createElement(WalletTotals, {
        wallets: [
          { ...sampleWallet, currency: 'BTC', totalBalance: '0x10' },
          { ...sampleWallet, currency: 'BTC', totalBalance: jsonNumberText('1.5') as never },
        ],
        prices: NO_PRICES,
      }),
    );
    expect(out).toContain('1 sent text that is not a plain decimal');
    expect(out).toContain('1 sent a JSON number');
  });
});

describe('wallets at your prices (issue 28)', () => {
  const wallets = [
    { ...sampleWallet, walletId: 'w-eth', currency: 'ETH', totalBalance: '10' },
    { ...sampleWallet, walletId: 'w-sol', currency: 'SOL', totalBalance: '1000' },
    { ...sampleWallet, walletId: 'w-btc', currency: 'BTC', totalBalance: '0.5' },
  ];
  const column = walletColumns(() => ({ name: 'x', inactive: false }), PRICES).find(
    (c) => c.id === 'referenceValue',
  )!;

  it('show the value, "no price" (never 0) without one, and "stale" for an old price', () => {
    const [eth, sol, btc] = wallets.map((w) => html(renderCell(column, w)));
    expect(btc).toContain('32,500.00');
    expect(btc).not.toContain('reference-stale');
    expect(eth).toContain('32,000.00');
    expect(eth).toContain('reference-stale');
    expect(sol).toContain('no price');
    expect(sol).not.toContain('>0');
  });

  it('sort by the value, a wallet without a price last in both directions', () => {
    const order = (desc: boolean) =>
      sortRows(wallets, [column], { id: 'referenceValue', desc }).map((w) => w.walletId);
    expect(order(false)).toEqual(['w-eth', 'w-btc', 'w-sol']);
    expect(order(true)).toEqual(['w-btc', 'w-eth', 'w-sol']);
  });

  it('total the priced wallets and say how many had no price and how many prices are stale', () => {
    const out = html(createElement(WalletTotals, { wallets, prices: PRICES }));
    expect(out).toContain('Wallets at your prices (as of ');
    expect(out).toContain('64,500.00');
    expect(out).toContain('1 without a price (left out)');
    expect(out).toContain('1 stale price');
    expect(html(createElement(WalletTotals, { wallets, prices: NO_PRICES }))).not.toContain('at your prices');
  });
});
