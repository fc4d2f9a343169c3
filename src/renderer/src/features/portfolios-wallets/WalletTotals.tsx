import { useMemo } from 'react';
import type { Wallet } from '@shared/platform/resources';
import { Amount } from '../../components/Amount';
import { sumAmounts } from '../../lib/decimal';

interface CurrencyTotal {
  currency: string;
  total: string;
  available: string;
  wallets: number;
}

/** Exact totals per currency (decimal.js) over the wallets currently shown. */
export function WalletTotals({ wallets }: { wallets: readonly Wallet[] }) {
  const totals = useMemo<CurrencyTotal[]>(() => {
    const by = new Map<string, Wallet[]>();
    for (const w of wallets) {
      const list = by.get(w.currency);
      if (list) list.push(w);
      else by.set(w.currency, [w]);
    }
    return [...by.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, list]) => ({
        currency,
        total: sumAmounts(list.map((w) => w.totalBalance)).total,
        available: sumAmounts(list.map((w) => w.available)).total,
        wallets: list.length,
      }));
  }, [wallets]);
  if (totals.length === 0) return null;
  return (
    <div className="totals" data-testid="wallet-totals" aria-label="Totals per currency">
      <span className="muted small">Totals ({totals.length} currencies)</span>
      {totals.map((t) => (
        <span
          key={t.currency}
          className="total-item"
          data-testid={`total-${t.currency}`}
          title={`${t.wallets} wallets`}
        >
          <span className="ccy-code">{t.currency}</span>
          <Amount value={t.total} />
          <span className="muted small">avail</span>
          <Amount value={t.available} />
        </span>
      ))}
    </div>
  );
}
