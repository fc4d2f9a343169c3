/**
 * The currency codes the console knows for a workspace: those of its reference price sheet (the
 * currencies the desk prices) and any given (a loan's own, the ones typed), for the currency
 * pickers of the LTV forms. Suggestions only: any other code can still be typed.
 */
import { useMemo } from 'react';
import { currencyList } from '../../components/CurrencyInput';
import { usePriceSheet } from '../../state/prices/use-price-sheet';

export function useKnownCurrencies(workspaceId: string, own: readonly unknown[]): string[] {
  const { sheet } = usePriceSheet(workspaceId);
  const key = own.map((v) => (typeof v === 'string' ? v : '')).join('\u0000');
  return useMemo(
    () =>
      currencyList([...key.split('\u0000'), ...(sheet?.rows ?? []).flatMap((r) => [r.currency, r.quote])]),
    [key, sheet],
  );
}
