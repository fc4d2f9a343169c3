/**
 * Per-portfolio exchange state behind `POST /exchange`: the last accepted nonce and the resting
 * orders, so that cancels and modifies find (or miss) what earlier orders placed. Orders the
 * matching refuses (zero price, zero size, under $10 of value: Hyperliquid's rules and messages)
 * answer `{error}` at their position while the rest of the batch goes ahead.
 */
import type { HlAction, HlOrder } from '../exchange-validate';
import type { ExchangeResponse } from '../../shared/platform/resources';
import { Dec } from '../money';

/** Hyperliquid's minimum order value, in USD (price × size). */
export const MIN_ORDER_VALUE_USD = '10';

/** An order the sandbox filled: what `order-completed` carries. */
export interface CompletedOrder {
  portfolioId: string;
  oid: number;
  cloid: string | null;
  asset: number;
  side: 'buy' | 'sell';
  totalSz: string;
  avgPx: string;
  status: 'filled';
}

/** Hyperliquid's per-order refusal, or undefined when the order may rest or fill. */
export function orderRejection(order: HlOrder): string | undefined {
  const price = new Dec(order.p);
  const size = new Dec(order.s);
  if (price.isZero()) return 'Order has invalid price.';
  if (size.isZero()) return 'Order has zero size.';
  if (price.times(size).lessThan(MIN_ORDER_VALUE_USD))
    return `Order must have minimum value of $${MIN_ORDER_VALUE_USD}. asset=${order.a}`;
  return undefined;
}

interface RestingOrder {
  oid: number;
  order: HlOrder;
}

interface PortfolioBook {
  lastNonce: number;
  resting: Map<number, RestingOrder>;
}

export const NONCE_WINDOW_MS = 86_400_000;
const NEVER_PLACED = 'Order was never placed, already canceled, or filled.';

export class ExchangeState {
  private nextOid = 1_000_000_001;
  private readonly books = new Map<string, PortfolioBook>();

  constructor(private readonly onCompleted: (order: CompletedOrder) => void = () => undefined) {}

  private book(portfolioId: string): PortfolioBook {
    let b = this.books.get(portfolioId);
    if (b === undefined) {
      b = { lastNonce: 0, resting: new Map() };
      this.books.set(portfolioId, b);
    }
    return b;
  }

  /** Hyperliquid-style nonce rule: must exceed the last accepted one and be within a day of now. */
  checkNonce(portfolioId: string, nonce: number, now: number): string | undefined {
    const b = this.book(portfolioId);
    if (nonce <= b.lastNonce)
      return `Invalid nonce: ${nonce} is not greater than the last used nonce ${b.lastNonce}`;
    if (Math.abs(nonce - now) > NONCE_WINDOW_MS)
      return `Invalid nonce: ${nonce} is more than a day away from ${now}`;
    return undefined;
  }

  execute(portfolioId: string, nonce: number, action: HlAction): ExchangeResponse {
    const b = this.book(portfolioId);
    b.lastNonce = nonce;
    const place = (order: HlOrder): unknown => {
      const rejection = orderRejection(order);
      if (rejection !== undefined) return { error: rejection };
      const oid = this.nextOid++;
      if ('limit' in order.t && order.t.limit.tif === 'Ioc') {
        this.onCompleted({
          portfolioId,
          oid,
          cloid: order.c?.toLowerCase() ?? null,
          asset: order.a,
          side: order.b ? 'buy' : 'sell',
          totalSz: order.s,
          avgPx: order.p,
          status: 'filled',
        });
        return { filled: { totalSz: order.s, avgPx: order.p, oid } };
      }
      b.resting.set(oid, { oid, order });
      return { resting: { oid } };
    };
    const findOid = (ref: number | string): number | undefined => {
      if (typeof ref === 'number') return b.resting.has(ref) ? ref : undefined;
      // Cloids are hex: 0xAB… and 0xab… name the same order.
      const cloid = ref.toLowerCase();
      for (const r of b.resting.values()) if (r.order.c?.toLowerCase() === cloid) return r.oid;
      return undefined;
    };
    const modify = (ref: number | string, order: HlOrder): unknown => {
      const found = findOid(ref);
      if (found === undefined) return { error: `Cannot modify canceled or filled order` };
      // A refused new order leaves the old one resting.
      const rejection = orderRejection(order);
      if (rejection !== undefined) return { error: rejection };
      b.resting.delete(found);
      return place(order);
    };
    switch (action.type) {
      case 'order':
        return { status: 'ok', response: { type: 'order', data: { statuses: action.orders.map(place) } } };
      case 'cancel':
      case 'cancelByCloid': {
        const statuses = action.cancels.map((c) => {
          const ref = 'o' in c ? c.o : c.cloid;
          const a = 'a' in c ? c.a : c.asset;
          const found = findOid(ref);
          if (found === undefined || b.resting.get(found)?.order.a !== a)
            return { error: `${NEVER_PLACED} asset=${a}` };
          b.resting.delete(found);
          return 'success';
        });
        return { status: 'ok', response: { type: 'cancel', data: { statuses } } };
      }
      case 'modify': {
        const result = modify(action.oid, action.order);
        if (typeof result === 'object' && result !== null && 'error' in result) {
          return { status: 'err', response: String((result as { error: string }).error) };
        }
        return { status: 'ok', response: { type: 'default' } };
      }
      case 'batchModify':
        return {
          status: 'ok',
          response: { type: 'order', data: { statuses: action.modifies.map((m) => modify(m.oid, m.order)) } },
        };
      case 'scheduleCancel':
      case 'updateLeverage':
      case 'updateIsolatedMargin':
      case 'usdClassTransfer':
        return { status: 'ok', response: { type: 'default' } };
    }
  }
}
