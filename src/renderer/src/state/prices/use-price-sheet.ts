/**
 * `usePriceSheet(workspaceId)`: the workspace's reference prices and the values they give, for
 * any tab. A value is exact (shared/price-sheet.ts); a currency without a price has none ("no
 * price", never 0); staleness is judged against a clock that ticks each minute.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  DEFAULT_QUOTE,
  referenceTotal,
  referenceValue,
  type PriceSheet,
  type ReferenceTotal,
  type ReferenceValue,
} from '@shared/price-sheet';
import type { AppError } from '@shared/result';
import { toAppError } from '../query-client';
import { priceSheetQuery } from './queries';

/** Values at a sheet's prices, as of a clock: what tables and totals need. */
export interface ReferencePricing {
  /** Whether the sheet has any row: without one, the tabs show no "at your prices" values. */
  hasPrices: boolean;
  /** The quote every value is in (USD). */
  quote: string;
  value(amount: unknown, currency: unknown): ReferenceValue | null;
  total(items: Iterable<{ amount: unknown; currency: unknown }>): ReferenceTotal;
}

export interface PriceSheetView extends ReferencePricing {
  /** The sheet, or null while it loads or when it could not be read. */
  sheet: PriceSheet | null;
  error: AppError | null;
  /** The clock staleness was judged at (epoch ms). */
  nowMs: number;
}

/** The pricing of `sheet` (none: every value is "no price") at `nowMs`; pure, for tests and memos. */
export function referencePricing(
  sheet: PriceSheet | null,
  nowMs: number,
  quote: string = DEFAULT_QUOTE,
): ReferencePricing {
  const value = (amount: unknown, currency: unknown) =>
    typeof currency === 'string' ? referenceValue(amount, currency, sheet, quote, nowMs) : null;
  return {
    hasPrices: (sheet?.rows.length ?? 0) > 0,
    quote,
    value,
    total: (items) =>
      referenceTotal(
        (function* () {
          for (const item of items)
            yield { amount: item.amount, currency: typeof item.currency === 'string' ? item.currency : '' };
        })(),
        sheet,
        quote,
        nowMs,
      ),
  };
}

const MINUTE_MS = 60_000;

function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function usePriceSheet(workspaceId: string, quote: string = DEFAULT_QUOTE): PriceSheetView {
  const query = useQuery(priceSheetQuery(workspaceId));
  const nowMs = useMinuteClock();
  const sheet = query.data ?? null;
  const failure = query.status === 'error' ? query.error : null;
  return useMemo(
    () => ({
      ...referencePricing(sheet, nowMs, quote),
      sheet,
      error: failure === null ? null : toAppError(failure),
      nowMs,
    }),
    [sheet, quote, failure, nowMs],
  );
}
