/**
 * The order ticket's logic, pure: from the form's fields and the workspace's asset table to the
 * exact Hyperliquid action the JSON composer would send (`{type, orders, grouping}` with
 * `{a, b, p, s, r, t, c?}` orders), checked with the shared schema the main side applies, the
 * exchange's minimum order value (MIN_ORDER_NOTIONAL_USD) and the asset's size decimals, each
 * problem at its field. Also the one-line summaries the confirmation lists ("BUY 0.5 BTC @ 62,000
 * GTC · notional 31,000"), read back from the prepared body, and `cancelBody`/`modifyBody` for a
 * blotter row.
 *
 * Sizes and prices are sent as Hyperliquid's SDKs write them: no trailing zeros ("0.50" → "0.5").
 */
import {
  describeExchangeAction,
  exchangeAction,
  minNotionalProblem,
  minNotionalRefusal,
  orderNotional,
  type ExchangeAction,
  type ExchangeOrder,
} from '@shared/exchange-actions';
import { priceDecimalsProblem, sizeDecimalsProblem, type ExchangeAsset } from '@shared/exchange-assets';
import { formatAmount } from '../../lib/decimal';

/** The actions the ticket has fields for; every other one goes through the JSON editor. */
export const TICKET_TYPES = ['order', 'cancel', 'cancelByCloid', 'modify', 'scheduleCancel'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const TIFS = ['Gtc', 'Ioc', 'Alo'] as const;
export type Tif = (typeof TIFS)[number];

export interface TicketForm {
  type: TicketType;
  /** The asset's name in the table (order, cancel, cancelByCloid, modify). */
  asset: string;
  side: 'buy' | 'sell';
  size: string;
  price: string;
  tif: Tif;
  reduceOnly: boolean;
  /** order and modify: the new order's client order id (optional); cancelByCloid: the one to cancel. */
  cloid: string;
  /** cancel: the order id; modify: the order id or the cloid of the order to change. */
  oid: string;
  /** scheduleCancel: minutes from now; empty clears the scheduled cancel. */
  minutes: string;
}
export type TicketField = Exclude<keyof TicketForm, 'type'> | 'notional';

export const EMPTY_TICKET: TicketForm = {
  type: 'order',
  asset: '',
  side: 'buy',
  size: '',
  price: '',
  tif: 'Gtc',
  reduceOnly: false,
  cloid: '',
  oid: '',
  minutes: '',
};

export type TicketBuild =
  | { ok: true; action: ExchangeAction; notional: string | null }
  | { ok: false; errors: Partial<Record<TicketField, string>>; notional: string | null };

const WIRE_DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const CLOID = /^0x[0-9a-fA-F]{32}$/;
/** Hyperliquid refuses a scheduled cancel less than 5 seconds ahead; a week is plenty. */
const MAX_SCHEDULE_MINUTES = 7 * 24 * 60;

/** "0.50" → "0.5", "007" → "7", "62000.0" → "62000": how Hyperliquid's SDKs write numbers. */
export function wireNumber(decimal: string): string {
  const [int = '0', frac = ''] = decimal.split('.');
  const whole = int.replace(/^0+(?=\d)/, '');
  const cut = frac.replace(/0+$/, '');
  return cut === '' ? whole : `${whole}.${cut}`;
}

/** A positive decimal as typed, or why not. */
function positiveDecimal(text: string, what: string): { value: string } | { error: string } {
  const t = text.trim();
  if (t === '') return { error: `Enter the ${what}.` };
  if (!WIRE_DECIMAL.test(t))
    return {
      error: `The ${what} must be a plain decimal such as 0.5 (no sign, exponent or thousands separator).`,
    };
  const value = wireNumber(t);
  if (/^0(\.0*)?$/.test(value)) return { error: `The ${what} must be more than 0.` };
  return { value };
}

/** An order id as the shared schema takes it (an integer up to 2^53), or why not. */
function orderId(text: string): { value: number } | { error: string } {
  const t = text.trim();
  if (!/^\d{1,30}$/.test(t)) return { error: 'The order id is a whole number, as the exchange answered it.' };
  const n = Number(t);
  if (!Number.isSafeInteger(n))
    return {
      error:
        'This order id is above 2^53 and cannot be sent exactly from here; cancel or modify it by its cloid.',
    };
  return { value: n };
}

export const assetNamed = (assets: readonly ExchangeAsset[], name: string): ExchangeAsset | undefined => {
  const key = name.trim().toUpperCase();
  return assets.find((a) => a.name.toUpperCase() === key);
};

/** The order the form describes (order and modify), or the problems at their fields. */
function buildOrder(
  form: TicketForm,
  asset: ExchangeAsset | undefined,
  errors: Partial<Record<TicketField, string>>,
): { order: ExchangeOrder | null; notional: string | null } {
  const size = positiveDecimal(form.size, 'size');
  const price = positiveDecimal(form.price, 'limit price');
  if ('error' in size) errors.size = size.error;
  else if (asset) {
    const problem = sizeDecimalsProblem(size.value, asset);
    if (problem) errors.size = problem;
  }
  if ('error' in price) errors.price = price.error;
  else if (asset) {
    const problem = priceDecimalsProblem(price.value, asset);
    if (problem) errors.price = problem;
  }
  const cloid = form.cloid.trim();
  if (cloid !== '' && !CLOID.test(cloid)) errors.cloid = 'A client order id is 0x followed by 32 hex digits.';
  if ('error' in size || 'error' in price) return { order: null, notional: null };
  const notional = orderNotional({ s: size.value, p: price.value });
  const small = minNotionalProblem({ s: size.value, p: price.value });
  if (small) errors.notional = `Refused before sending: ${small}.`;
  if (!asset) return { order: null, notional };
  return {
    order: {
      a: asset.index,
      b: form.side === 'buy',
      p: price.value,
      s: size.value,
      r: form.reduceOnly,
      t: { limit: { tif: form.tif } },
      ...(cloid !== '' ? { c: cloid } : {}),
    },
    notional,
  };
}

/**
 * The action the ticket's fields describe, checked as the main side will check it; `notional`
 * (size × price) whenever both are readable, so the ticket shows it even when it is refused.
 */
export function buildTicketAction(
  form: TicketForm,
  assets: readonly ExchangeAsset[],
  nowMs: number,
): TicketBuild {
  const errors: Partial<Record<TicketField, string>> = {};
  const needsAsset = form.type !== 'scheduleCancel';
  const asset = needsAsset ? assetNamed(assets, form.asset) : undefined;
  if (needsAsset && asset === undefined)
    errors.asset =
      form.asset.trim() === ''
        ? 'Choose the asset.'
        : `No asset named ${form.asset.trim()} in this workspace's asset table: add it there first.`;
  let action: ExchangeAction | null = null;
  let notional: string | null = null;
  switch (form.type) {
    case 'order': {
      const built = buildOrder(form, asset, errors);
      notional = built.notional;
      if (built.order) action = { type: 'order', orders: [built.order], grouping: 'na' };
      break;
    }
    case 'modify': {
      const target = form.oid.trim();
      const oid = CLOID.test(target) ? { value: target } : orderId(target);
      if ('error' in oid) errors.oid = `${oid.error} (or the order's cloid, 0x and 32 hex digits)`;
      const built = buildOrder(form, asset, errors);
      notional = built.notional;
      if (built.order && 'value' in oid) action = { type: 'modify', oid: oid.value, order: built.order };
      break;
    }
    case 'cancel': {
      const oid = orderId(form.oid);
      if ('error' in oid) errors.oid = oid.error;
      else if (asset) action = { type: 'cancel', cancels: [{ a: asset.index, o: oid.value }] };
      break;
    }
    case 'cancelByCloid': {
      const cloid = form.cloid.trim();
      if (!CLOID.test(cloid)) errors.cloid = 'A client order id is 0x followed by 32 hex digits.';
      else if (asset) action = { type: 'cancelByCloid', cancels: [{ asset: asset.index, cloid }] };
      break;
    }
    case 'scheduleCancel': {
      const m = form.minutes.trim();
      if (m === '') action = { type: 'scheduleCancel' };
      else if (!/^\d{1,5}$/.test(m) || Number(m) < 1 || Number(m) > MAX_SCHEDULE_MINUTES)
        errors.minutes = `Minutes from now: a whole number from 1 to ${MAX_SCHEDULE_MINUTES}, or empty to clear.`;
      else action = { type: 'scheduleCancel', time: nowMs + Number(m) * 60_000 };
      break;
    }
  }
  if (Object.keys(errors).length > 0 || action === null) return { ok: false, errors, notional };
  return checked(action, notional);
}

/** The action through the shared schema and the shared minimum check, exactly as prepare applies them. */
function checked(action: ExchangeAction, notional: string | null): TicketBuild {
  const parsed = exchangeAction.safeParse(action);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      errors: { notional: `action.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}` },
      notional,
    };
  }
  const small = minNotionalRefusal(parsed.data);
  if (small) return { ok: false, errors: { notional: small.message }, notional };
  return { ok: true, action: parsed.data, notional };
}

export type BodyResult = { ok: true; action: ExchangeAction } | { ok: false; error: string };

const bodyOf = (action: ExchangeAction): BodyResult => {
  const built = checked(action, null);
  return built.ok
    ? { ok: true, action: built.action }
    : { ok: false, error: Object.values(built.errors).join(' ') };
};

/** The ref of an order as a blotter row holds it: an oid (number or its digits) or a cloid. */
function orderRef(oid: number | string): { value: number | string } | { error: string } {
  if (typeof oid === 'string' && CLOID.test(oid.trim())) return { value: oid.trim() };
  return orderId(String(oid));
}

/**
 * Cancel one order of `assetIndex`: by its oid (`cancel`), or by its cloid (`cancelByCloid`) when
 * `oid` is one. For a blotter row; goes through the same prepared-action path as the ticket.
 */
export function cancelBody(assetIndex: number, oid: number | string): BodyResult {
  const ref = orderRef(oid);
  if ('error' in ref) return { ok: false, error: ref.error };
  return typeof ref.value === 'string'
    ? bodyOf({ type: 'cancelByCloid', cancels: [{ asset: assetIndex, cloid: ref.value }] })
    : bodyOf({ type: 'cancel', cancels: [{ a: assetIndex, o: ref.value }] });
}

/** Replace order `oid` (an oid or a cloid) by `order`; refused below the minimum value like any order. */
export function modifyBody(oid: number | string, order: ExchangeOrder): BodyResult {
  const ref = orderRef(oid);
  if ('error' in ref) return { ok: false, error: ref.error };
  return bodyOf({ type: 'modify', oid: ref.value, order });
}

// ---------------------------------------------------------------------------------------------
// What the confirmation lists

/** Asset index → name from the table, else "asset 7". */
export const assetNamer =
  (assets: readonly ExchangeAsset[]) =>
  (index: number): string =>
    assets.find((a) => a.index === index)?.name ?? `asset ${index}`;

/** "BUY 0.5 BTC @ 62,000 GTC · notional 31,000" (with reduce-only and the cloid when set). */
export function orderLine(o: ExchangeOrder, nameOf: (index: number) => string): string {
  const how =
    'limit' in o.t
      ? o.t.limit.tif.toUpperCase()
      : `trigger ${o.t.trigger.tpsl.toUpperCase()} at ${formatAmount(o.t.trigger.triggerPx)}${o.t.trigger.isMarket ? ' market' : ''}`;
  return (
    `${o.b ? 'BUY' : 'SELL'} ${formatAmount(o.s)} ${nameOf(o.a)} @ ${formatAmount(o.p)} ${how}` +
    `${o.r ? ' reduce-only' : ''} · notional ${formatAmount(orderNotional(o))}` +
    (o.c !== undefined ? ` · cloid ${o.c}` : '')
  );
}

/** One line per order, cancel or modify of the action; one line for the other actions. */
export function actionLines(a: ExchangeAction, nameOf: (index: number) => string): string[] {
  switch (a.type) {
    case 'order':
      return a.orders.map((o) => orderLine(o, nameOf));
    case 'cancel':
      return a.cancels.map((c) => `CANCEL ${nameOf(c.a)} oid ${c.o}`);
    case 'cancelByCloid':
      return a.cancels.map((c) => `CANCEL ${nameOf(c.asset)} cloid ${c.cloid}`);
    case 'modify':
      return [`MODIFY ${String(a.oid)} → ${orderLine(a.order, nameOf)}`];
    case 'batchModify':
      return a.modifies.map((m) => `MODIFY ${String(m.oid)} → ${orderLine(m.order, nameOf)}`);
    default:
      return [describeExchangeAction(a)];
  }
}

/**
 * The lines of a prepared exchange request, read back from its body's exact bytes (what is signed
 * and sent), or undefined when the body is not an exchange action (the field view then stands alone).
 */
export function preparedLines(body: string | null, assets: readonly ExchangeAsset[]): string[] | undefined {
  if (body === null) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const action = exchangeAction.safeParse((json as { action?: unknown } | null)?.action);
  return action.success ? actionLines(action.data, assetNamer(assets)) : undefined;
}
