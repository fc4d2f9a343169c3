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

describe('portfolio and wallet columns', () => {
  it('render and sort every variant of a portfolio (extra: null, fields null or not text)', () => {
    renderColumns(portfolioColumns, samplePortfolio);
  });

  it('render and sort every variant of a wallet', () => {
    renderColumns(
      walletColumns((id) => ({ name: String(id), inactive: false })),
      sampleWallet,
    );
  });

  it('show a null balance as unknown, never 0', () => {
    const col = walletColumns(() => ({ name: 'x', inactive: false })).find((c) => c.id === 'balance')!;
    const cell = html(renderCell(col, { ...sampleWallet, balance: null as never }));
    expect(cell).toContain('amount-unknown');
    expect(cell).not.toContain('>0<');
  });
});

describe('wallet totals', () => {
  it('render for every variant of a wallet', () => {
    eachVariant(sampleWallet, (w) => html(createElement(WalletTotals, { wallets: [w, sampleWallet] })));
  });

  it('say "too large to total" for a sum beyond the precision (was: the tab\'s error panel)', () => {
    const big = { ...sampleWallet, totalBalance: '9'.repeat(99), currency: 'BTC' };
    const out = html(createElement(WalletTotals, { wallets: [big, big] }));
    expect(out).toContain('too large to total');
  });

  it('say how many values were left out as not plain decimals or JSON numbers', () => {
    const out = html(
      createElement(WalletTotals, {
        wallets: [
          { ...sampleWallet, currency: 'BTC', totalBalance: '0x10' },
          { ...sampleWallet, currency: 'BTC', totalBalance: jsonNumberText('1.5') as never },
        ],
      }),
    );
    expect(out).toContain('1 sent text that is not a plain decimal');
    expect(out).toContain('1 sent a JSON number');
  });
});
