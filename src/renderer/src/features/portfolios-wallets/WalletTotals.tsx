import { useMemo } from 'react';
import type { Wallet } from '@shared/platform/resources';
import { Amount } from '../../components/Amount';
import { sumAmounts, type AmountSum } from '../../lib/decimal';
import { ReferenceTotalLine, type ReferencePricing } from '../../components/ReferenceValue';

interface CurrencyTotal {
  currency: string;
  total: AmountSum;
  available: AmountSum;
  wallets: number;
}

/**
 * Exact totals per currency (decimal.js, lib/decimal.ts) over the wallets currently shown. A wallet
 * without the field, or with a JSON number in it, makes that total "unknown": the known part is in
 * the tooltip, never shown as if it were the total.
 */
export function WalletTotals({ wallets, prices }: { wallets: readonly Wallet[]; prices: ReferencePricing }) {
  const totals = useMemo<CurrencyTotal[]>(() => {
    const by = new Map<string, Wallet[]>();
    for (const w of wallets) {
      const currency =
        typeof w.currency === 'string' ? w.currency : (JSON.stringify(w.currency) ?? 'unknown');
      const list = by.get(currency);
      if (list) list.push(w);
      else by.set(currency, [w]);
    }
    return [...by.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, list]) => ({
        currency,
        total: sumAmounts(list.map((w) => w.totalBalance)),
        available: sumAmounts(list.map((w) => w.available)),
        wallets: list.length,
      }));
  }, [wallets]);
  // Issue 28: every shown wallet's total balance at the reference prices, in one sum.
  const reference = useMemo(
    () =>
      prices.hasPrices
        ? prices.total(wallets.map((w) => ({ amount: w.totalBalance, currency: w.currency })))
        : null,
    [prices, wallets],
  );
  if (totals.length === 0) return null;
  return (
    <div className="totals" data-testid="wallet-totals" aria-label="Totals per currency">
      <span className="muted small">Totals ({totals.length} currencies)</span>
      {reference ? (
        <span className="total-item">
          <ReferenceTotalLine
            label="Wallets"
            total={reference}
            quote={prices.quote}
            testId="wallet-reference-total"
          />
        </span>
      ) : null}
      {totals.map((t) => (
        <span
          key={t.currency}
          className="total-item"
          data-testid={`total-${t.currency}`}
          title={`${t.wallets} wallets`}
        >
          <span className="ccy-code">{t.currency}</span>
          <SumView sum={t.total} wallets={t.wallets} testId={`sum-${t.currency}-total`} />
          <span className="muted small">avail</span>
          <SumView sum={t.available} wallets={t.wallets} testId={`sum-${t.currency}-available`} />
        </span>
      ))}
    </div>
  );
}

function SumView({ sum, wallets, testId }: { sum: AmountSum; wallets: number; testId: string }) {
  if (sum.total !== null)
    return (
      <span data-testid={testId}>
        <Amount value={sum.total} />
      </span>
    );
  const other = sum.skipped - sum.numbers - sum.notPlain;
  const reasons = [
    sum.missing > 0 ? `${sum.missing} of ${wallets} wallets sent no value` : '',
    sum.numbers > 0 ? `${sum.numbers} sent a JSON number instead of a string` : '',
    sum.notPlain > 0 ? `${sum.notPlain} sent text that is not a plain decimal` : '',
    other > 0 ? `${other} sent a value that is not text` : '',
  ].filter(Boolean);
  const left = reasons.length > 0 ? ` Left out: ${reasons.join('; ')}.` : '';
  // Beyond the exact precision a sum would be rounded: it is not shown (never an error panel).
  if (sum.tooLarge)
    return (
      <span
        className="muted"
        data-testid={testId}
        data-too-large="true"
        title={`The sum needs more than 100 significant digits.${left}`}
      >
        too large to total
      </span>
    );
  return (
    <>
      <span
        className="muted"
        data-testid={testId}
        data-unknown="true"
        title={`Unknown:${left} The others add up to ${sum.known}.`}
      >
        unknown
      </span>
      {sum.skipped > 0 ? (
        <span className="muted small" data-testid={`${testId}-left-out`}>
          {' '}
          ({sum.skipped} left out)
        </span>
      ) : null}
    </>
  );
}
