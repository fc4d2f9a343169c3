/**
 * The Hyperliquid exchange actions that `POST /exchange` carries (platform-facts: the body is
 * `{ action, nonce, vaultAddress? }` and mirrors Hyperliquid's exchange endpoint). One zod schema
 * per action type; the renderer's composer and the main side's `actions.prepare` parse with it.
 *
 * Prices and sizes are decimal strings, as Hyperliquid takes them; asset indexes, order ids and
 * times are integers. Unknown fields are refused: a typo must not be signed and sent.
 *
 * Only the actions an agent wallet signs are composed. User-signed actions (`usdClassTransfer`)
 * carry `signatureChainId`, `hyperliquidChain` and a `nonce` and are signed by the account's own
 * EIP-712 key (platform-facts, third round), which the console does not hold; the platform's
 * `POST /exchange` signs with the API key's agent wallet. They are refused here with that reason
 * rather than sent without the fields Hyperliquid requires (issue 25, finding 11).
 */
import { z } from 'zod';
import { Exact } from './decimal';
import { formatUtcTime } from './time-text';
import type { ExchangeActionType } from './platform/enums';

const CLOID = /^0x[0-9a-fA-F]{32}$/;
/** Hyperliquid's wire prices and sizes: plain decimals, no sign or exponent. */
const wireDecimal = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'must be a decimal string such as "0.01" (no sign or exponent)');
const assetIndex = z.number().int('must be an integer').min(0, 'must be 0 or more').max(1_000_000);
const orderId = z.number().int('must be an integer').min(0, 'must be 0 or more').max(Number.MAX_SAFE_INTEGER);
const cloid = z.string().regex(CLOID, 'must be a 0x-prefixed 128-bit hex cloid');
const batch = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, 'must have at least one entry').max(1000, 'has more than 1000 entries');

const orderType = z.union([
  z.strictObject({ limit: z.strictObject({ tif: z.enum(['Alo', 'Ioc', 'Gtc']) }) }),
  z.strictObject({
    trigger: z.strictObject({
      isMarket: z.boolean(),
      triggerPx: wireDecimal,
      tpsl: z.enum(['tp', 'sl']),
    }),
  }),
]);

export const exchangeOrder = z.strictObject({
  /** asset index */
  a: assetIndex,
  /** is buy */
  b: z.boolean(),
  /** limit price */
  p: wireDecimal,
  /** size */
  s: wireDecimal,
  /** reduce only */
  r: z.boolean(),
  t: orderType,
  /** client order id */
  c: cloid.optional(),
});

const modifyEntry = z.strictObject({ oid: z.union([orderId, cloid]), order: exchangeOrder });

export const exchangeActionSchemas = {
  order: z.strictObject({
    type: z.literal('order'),
    orders: batch(exchangeOrder),
    grouping: z.enum(['na', 'normalTpsl', 'positionTpsl']),
    builder: z
      .strictObject({ b: z.string().regex(/^0x[0-9a-fA-F]{40}$/), f: z.number().int().min(0) })
      .optional(),
  }),
  cancel: z.strictObject({
    type: z.literal('cancel'),
    cancels: batch(z.strictObject({ a: assetIndex, o: orderId })),
  }),
  cancelByCloid: z.strictObject({
    type: z.literal('cancelByCloid'),
    cancels: batch(z.strictObject({ asset: assetIndex, cloid })),
  }),
  modify: z.strictObject({ type: z.literal('modify'), ...modifyEntry.shape }),
  batchModify: z.strictObject({ type: z.literal('batchModify'), modifies: batch(modifyEntry) }),
  updateLeverage: z.strictObject({
    type: z.literal('updateLeverage'),
    asset: assetIndex,
    isCross: z.boolean(),
    leverage: z.number().int('must be an integer').min(1, 'must be 1 to 100').max(100, 'must be 1 to 100'),
  }),
  updateIsolatedMargin: z.strictObject({
    type: z.literal('updateIsolatedMargin'),
    asset: assetIndex,
    isBuy: z.boolean(),
    ntli: z.number().int('must be an integer').min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  }),
  scheduleCancel: z.strictObject({
    type: z.literal('scheduleCancel'),
    time: orderId.optional(),
  }),
} as const;

/** Hyperliquid actions signed by the account itself, which the console leaves out (see the header). */
export const USER_SIGNED_ACTION_TYPES = ['usdClassTransfer'] as const satisfies readonly ExchangeActionType[];
type UserSignedActionType = (typeof USER_SIGNED_ACTION_TYPES)[number];

/** Why a user-signed action cannot be composed here, in words for the composer and prepare. */
export function userSignedRefusal(type: string): string {
  return (
    `${type} is a user-signed Hyperliquid action: it needs signatureChainId, hyperliquidChain and a nonce ` +
    "signed with the account's own EIP-712 key, which the console does not hold (the platform's " +
    "POST /exchange signs agent actions with the API key's agent wallet). Do it on the exchange itself."
  );
}

// The enum list (enums.ts) names every action type: each has a schema here or is user-signed; the
// compiler checks both ways.
exchangeActionSchemas satisfies Record<Exclude<ExchangeActionType, UserSignedActionType>, z.ZodType>;
const noExtraSchema: [Exclude<keyof typeof exchangeActionSchemas, ExchangeActionType>] extends [never]
  ? true
  : false = true;
void noExtraSchema;

const userSigned = (input: unknown): string | null => {
  const type: unknown =
    typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : null;
  return typeof type === 'string' && (USER_SIGNED_ACTION_TYPES as readonly string[]).includes(type)
    ? type
    : null;
};

/** Any of the actions above, chosen by `type`; a user-signed one is refused saying why. */
export const exchangeAction = z.discriminatedUnion(
  'type',
  [
    exchangeActionSchemas.order,
    exchangeActionSchemas.cancel,
    exchangeActionSchemas.cancelByCloid,
    exchangeActionSchemas.modify,
    exchangeActionSchemas.batchModify,
    exchangeActionSchemas.updateLeverage,
    exchangeActionSchemas.updateIsolatedMargin,
    exchangeActionSchemas.scheduleCancel,
  ],
  {
    error: (issue) => {
      const type = issue.code === 'invalid_union' ? userSigned(issue.input) : null;
      return type === null ? undefined : userSignedRefusal(type);
    },
  },
);
export type ExchangeAction = z.infer<typeof exchangeAction>;

export type ExchangeOrder = z.infer<typeof exchangeOrder>;

// ---------------------------------------------------------------------------------------------
// The exchange's minimum order value

/**
 * Hyperliquid's minimum order value, in USD: size × limit price must be at least this
 * (platform-facts, third round: "smaller orders are refused"). The order ticket refuses below it
 * before anything is prepared, and the main side's `exchange.submit` refuses again: the authority.
 */
export const MIN_ORDER_NOTIONAL_USD = '10';

/** An order's value: size × limit price, exact (both are wire decimals, checked by the schema). */
export function orderNotional(order: Pick<ExchangeOrder, 'p' | 's'>): string {
  return new Exact(order.s).times(order.p).toFixed();
}

/** Why this order is below the minimum value, in words; null when it is not. */
export function minNotionalProblem(order: Pick<ExchangeOrder, 'p' | 's'>): string | null {
  const notional = orderNotional(order);
  return new Exact(notional).lessThan(MIN_ORDER_NOTIONAL_USD)
    ? `the order's value is ${notional} USD (size ${order.s} × price ${order.p}), below the exchange's ` +
        `minimum of ${MIN_ORDER_NOTIONAL_USD} USD: the exchange would refuse it`
    : null;
}

/** Every order an action places or changes, with its path in the action ("orders.0", "order"). */
export function ordersOf(a: ExchangeAction): { path: string; order: ExchangeOrder }[] {
  switch (a.type) {
    case 'order':
      return a.orders.map((order, i) => ({ path: `orders.${i}`, order }));
    case 'modify':
      return [{ path: 'order', order: a.order }];
    case 'batchModify':
      return a.modifies.map((m, i) => ({ path: `modifies.${i}.order`, order: m.order }));
    default:
      return [];
  }
}

/**
 * The first order of the action below the minimum value, as a refusal naming the field
 * (`action.orders.1.s`), or null when every order is at or above it.
 */
export function minNotionalRefusal(a: ExchangeAction): { field: string; message: string } | null {
  for (const { path, order } of ordersOf(a)) {
    const problem = minNotionalProblem(order);
    if (problem !== null) return { field: `action.${path}.s`, message: `action.${path}: ${problem}` };
  }
  return null;
}

export const vaultAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address');

// ---------------------------------------------------------------------------------------------
// The exchange's answer, order by order

/** One entry of `response.data.statuses`, as the console shows it. */
export type OrderStatusView =
  | { kind: 'resting'; oid: string; cloid?: string }
  | { kind: 'filled'; oid: string; totalSz: string; avgPx: string }
  | { kind: 'success' }
  | { kind: 'error'; message: string }
  | { kind: 'other'; raw: string };

export interface ExchangeVerdict {
  /**
   * all-ok: every entry sent succeeded; partly-failed: some errors; failed: the exchange refused it
   * all; unknown: the answer has not one status per entry sent, so some entry's fate is not known.
   */
  verdict: 'all-ok' | 'partly-failed' | 'failed' | 'unknown';
  /** How many entries were sent, where the answer reports one status per entry. */
  sent?: number;
  /** Entries sent without a status in the answer (negative: more statuses than entries sent). */
  unanswered?: number;
  /** The exchange's own message when it refused the whole action (`status: err`). */
  message?: string;
  statuses: OrderStatusView[];
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);

function readStatus(entry: unknown): OrderStatusView {
  if (entry === 'success') return { kind: 'success' };
  if (typeof entry !== 'object' || entry === null) return { kind: 'other', raw: text(entry) };
  const e = entry as Record<string, unknown>;
  if ('error' in e) return { kind: 'error', message: text(e.error) };
  const resting = e.resting as Record<string, unknown> | undefined;
  if (resting && typeof resting === 'object')
    return {
      kind: 'resting',
      oid: text(resting.oid),
      ...(resting.cloid !== undefined ? { cloid: text(resting.cloid) } : {}),
    };
  const filled = e.filled as Record<string, unknown> | undefined;
  if (filled && typeof filled === 'object')
    return {
      kind: 'filled',
      oid: text(filled.oid),
      totalSz: text(filled.totalSz),
      avgPx: text(filled.avgPx),
    };
  return { kind: 'other', raw: text(entry) };
}

/**
 * How many statuses Hyperliquid's answer carries for this action: one per order, cancel or modify
 * of a batch. Undefined for the actions answered without statuses (`{type: "default"}`).
 */
export function expectedStatuses(a: ExchangeAction): number | undefined {
  switch (a.type) {
    case 'order':
      return a.orders.length;
    case 'cancel':
    case 'cancelByCloid':
      return a.cancels.length;
    case 'batchModify':
      return a.modifies.length;
    default:
      return undefined;
  }
}

/**
 * Reads Hyperliquid's answer: `{status: "err", response: "<message>"}` is a refusal of the whole
 * action; `{status: "ok", response: {data: {statuses: [...]}}}` is judged entry by entry, and any
 * error entry makes the action partly failed (or failed, when every entry is an error). With `sent`
 * (the entries sent, `expectedStatuses`), the count is against what was sent: a status missing, or
 * one too many, leaves some entry's fate unknown, whatever the others say.
 */
export function readExchangeAnswer(answer: unknown, sent?: number): ExchangeVerdict {
  const a = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  if (a.status !== 'ok')
    return {
      verdict: 'failed',
      message: text(a.response ?? 'the exchange refused the action'),
      statuses: [],
    };
  const response = (a.response ?? {}) as Record<string, unknown>;
  const data = (typeof response === 'object' && response !== null ? response.data : undefined) as
    Record<string, unknown> | undefined;
  const raw = data && Array.isArray(data.statuses) ? (data.statuses as unknown[]) : [];
  const statuses = raw.map(readStatus);
  if (sent !== undefined && statuses.length !== sent)
    return { verdict: 'unknown', statuses, sent, unanswered: sent - statuses.length };
  const errors = statuses.filter((s) => s.kind === 'error').length;
  const verdict = errors === 0 ? 'all-ok' : errors === statuses.length ? 'failed' : 'partly-failed';
  return { verdict, statuses, ...(sent !== undefined ? { sent } : {}) };
}

/** One line an operator can check in the confirmation: what the action does. */
export function describeExchangeAction(a: ExchangeAction): string {
  switch (a.type) {
    case 'order':
      return a.orders.map((o) => `${o.b ? 'BUY' : 'SELL'} ${o.s} @ ${o.p} (asset ${o.a})`).join('; ');
    case 'cancel':
    case 'cancelByCloid':
      return `Cancel ${a.cancels.length} order(s)`;
    case 'modify':
      return `Modify order ${String(a.oid)}`;
    case 'batchModify':
      return `Modify ${a.modifies.length} order(s)`;
    case 'updateLeverage':
      return `Leverage ${a.leverage}x on asset ${a.asset} (${a.isCross ? 'cross' : 'isolated'})`;
    case 'updateIsolatedMargin':
      return `Isolated margin ${a.ntli} on asset ${a.asset} (${a.isBuy ? 'long' : 'short'})`;
    case 'scheduleCancel':
      return a.time === undefined
        ? 'Clear the scheduled cancel'
        : `Cancel all orders at ${formatUtcTime(a.time)}`;
  }
}
