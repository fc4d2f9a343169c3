/**
 * Values "at your prices" (issue 28): the operator's reference prices times an amount, shown
 * rounded to cents (half-even) with the exact value, the price, its as-of time and source on hover.
 * A currency without a price reads "no price", never 0; a price older than the sheet's setting is
 * marked "stale". Totals say how many rows had no price and how many prices were stale.
 */
import { Exact } from '@shared/decimal';
import type { ReferenceTotal, ReferenceValue as Value } from '@shared/price-sheet';
import { formatAmount } from '../lib/decimal';
import { formatTimestamp } from '../lib/time';
import type { ReferencePricing } from '../state/prices/use-price-sheet';
export type { ReferencePricing };
import type { ColumnSpec } from './data-table';

/** "130600.505" → "130,600.50": two decimals, half-even, grouped (display only; the exact value is in the title). */
export function shownValue(value: string): string {
  return formatAmount(new Exact(value).toFixed(2, Exact.ROUND_HALF_EVEN));
}

/** The sort value of a reference value column: the exact decimal, '' (sorted last) when there is none. */
export const referenceSortValue = (v: Value | null): string => v?.value ?? '';

export function ReferenceValueCell({ value }: { value: Value | null }) {
  if (value === null)
    return (
      <span className="muted" data-testid="reference-no-price" title="No price in your reference prices">
        no price
      </span>
    );
  const title =
    `${value.value} ${value.quote} at your price ${value.price} ${value.quote}` +
    ` (as of ${formatTimestamp(value.asOf)}${value.source ? `, ${value.source}` : ''})` +
    (value.stale ? ': stale, older than your setting' : '');
  return (
    <span className="amount" data-testid="reference-value" data-stale={value.stale} title={title}>
      {value.stale ? (
        <span className="badge tone-warn" data-testid="reference-stale">
          stale
        </span>
      ) : null}{' '}
      {shownValue(value.value)} <span className="ccy">{value.quote}</span>
    </span>
  );
}

/** "Loans at your prices (as of …): 131,600.50 USD · 2 without a price · 1 stale price". */
export function ReferenceTotalLine({
  label,
  total,
  quote,
  testId,
}: {
  label: string;
  total: ReferenceTotal;
  quote: string;
  testId: string;
}) {
  const asOf = total.oldestAsOf === null ? '' : ` (as of ${formatTimestamp(total.oldestAsOf)})`;
  return (
    <span className="small" data-testid={testId} data-unpriced={total.unpriced} data-stale={total.stale}>
      <span className="muted">
        {label} at your prices{asOf}:{' '}
      </span>
      {total.priced > 0 ? (
        <span className="amount" title={`${total.total} ${quote}`} data-testid={`${testId}-value`}>
          {shownValue(total.total)} <span className="ccy">{quote}</span>
        </span>
      ) : (
        <span className="muted">no price</span>
      )}
      {total.unpriced > 0 ? (
        <span className="muted" data-testid={`${testId}-unpriced`}>
          {' '}
          · {total.unpriced} without a price (left out)
        </span>
      ) : null}
      {total.stale > 0 ? (
        <span className="badge tone-warn" data-testid={`${testId}-stale`}>
          {total.stale} stale {total.stale === 1 ? 'price' : 'prices'}
        </span>
      ) : null}
    </span>
  );
}

/** A column of the row's value at the workspace's reference prices; sorts by the exact value, "no price" last. */
export function referenceColumn<T>(
  prices: ReferencePricing,
  amountOf: (row: T) => { amount: unknown; currency: unknown },
  width = 150,
): ColumnSpec<T> {
  const valueOf = (row: T) => {
    const { amount, currency } = amountOf(row);
    return prices.value(amount, currency);
  };
  return {
    id: 'referenceValue',
    header: `At your prices (${prices.quote})`,
    kind: 'amount',
    value: (row) => referenceSortValue(valueOf(row)),
    render: (row) =>
      prices.hasPrices ? (
        <ReferenceValueCell value={valueOf(row)} />
      ) : (
        <span className="muted" title="No reference prices: add them in the Workspaces tab">
          —
        </span>
      ),
    width,
    title:
      'The value at your reference prices (Workspaces tab); hover a value for its price, as-of time and source',
  };
}
