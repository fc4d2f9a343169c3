/**
 * Exchange composer logic: templates, validation before sending, and the nonce.
 * Validation is parse → the contract's `exchangeActionSchema` → the fields each Hyperliquid
 * action type requires, so an operator sees "action.orders[0].p must be…" before anything leaves.
 */
import { exchangeActionSchema } from '@shared/contract';
import type { ExchangeActionType } from '@shared/platform/enums';

export type ExchangeAction = { type: ExchangeActionType; [key: string]: unknown };

export const TEMPLATE_TYPES = [
  'order',
  'cancel',
  'modify',
  'updateLeverage',
  'usdClassTransfer',
  'scheduleCancel',
] as const;

export function template(type: (typeof TEMPLATE_TYPES)[number], nowMs: number): ExchangeAction {
  const limitOrder = { a: 0, b: true, p: '30000', s: '0.01', r: false, t: { limit: { tif: 'Gtc' } } };
  switch (type) {
    case 'order':
      return { type, orders: [limitOrder], grouping: 'na' };
    case 'cancel':
      return { type, cancels: [{ a: 0, o: 123456789 }] };
    case 'modify':
      return { type, oid: 123456789, order: { ...limitOrder, p: '30100' } };
    case 'updateLeverage':
      return { type, asset: 0, isCross: true, leverage: 5 };
    case 'usdClassTransfer':
      return { type, amount: '100', toPerp: true };
    case 'scheduleCancel':
      // Hyperliquid requires the time at least 5 s ahead; 10 minutes leaves room to review.
      return { type, time: nowMs + 10 * 60_000 };
  }
}

type Obj = Record<string, unknown>;
class Invalid extends Error {}
const fail = (msg: string): never => {
  throw new Invalid(msg);
};
const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const CLOID = /^0x[0-9a-fA-F]{32}$/;

const obj = (v: unknown, p: string): Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : fail(`${p} must be an object`);
const arr = (v: unknown, p: string): unknown[] =>
  Array.isArray(v) && v.length > 0 && v.length <= 1000
    ? v
    : fail(`${p} must be an array of 1 to 1000 entries`);
const int = (v: unknown, p: string) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
    ? v
    : fail(`${p} must be a non-negative integer`);
const bool = (v: unknown, p: string) => (typeof v === 'boolean' ? v : fail(`${p} must be true or false`));
const dec = (v: unknown, p: string) =>
  typeof v === 'string' && DECIMAL.test(v) ? v : fail(`${p} must be a decimal string such as "0.01"`);
const oneOf = (v: unknown, p: string, allowed: readonly string[]) =>
  typeof v === 'string' && allowed.includes(v) ? v : fail(`${p} must be one of ${allowed.join(', ')}`);
const cloid = (v: unknown, p: string) =>
  typeof v === 'string' && CLOID.test(v) ? v : fail(`${p} must be a 0x-prefixed 128-bit hex cloid`);
const oid = (v: unknown, p: string) => (typeof v === 'string' ? cloid(v, p) : int(v, p));

function order(v: unknown, p: string): void {
  const o = obj(v, p);
  int(o.a, `${p}.a`);
  bool(o.b, `${p}.b`);
  dec(o.p, `${p}.p`);
  dec(o.s, `${p}.s`);
  bool(o.r, `${p}.r`);
  const t = obj(o.t, `${p}.t`);
  if ('limit' in t) oneOf(obj(t.limit, `${p}.t.limit`).tif, `${p}.t.limit.tif`, ['Alo', 'Ioc', 'Gtc']);
  else if ('trigger' in t) {
    const tr = obj(t.trigger, `${p}.t.trigger`);
    bool(tr.isMarket, `${p}.t.trigger.isMarket`);
    dec(tr.triggerPx, `${p}.t.trigger.triggerPx`);
    oneOf(tr.tpsl, `${p}.t.trigger.tpsl`, ['tp', 'sl']);
  } else fail(`${p}.t must be {limit:{tif}} or {trigger:{isMarket,triggerPx,tpsl}}`);
  if (o.c !== undefined) cloid(o.c, `${p}.c`);
}

function requiredFields(a: ExchangeAction): void {
  switch (a.type) {
    case 'order':
      arr(a.orders, 'action.orders').forEach((o, i) => order(o, `action.orders[${i}]`));
      oneOf(a.grouping, 'action.grouping', ['na', 'normalTpsl', 'positionTpsl']);
      return;
    case 'cancel':
      arr(a.cancels, 'action.cancels').forEach((c, i) => {
        const o = obj(c, `action.cancels[${i}]`);
        int(o.a, `action.cancels[${i}].a`);
        int(o.o, `action.cancels[${i}].o`);
      });
      return;
    case 'cancelByCloid':
      arr(a.cancels, 'action.cancels').forEach((c, i) => {
        const o = obj(c, `action.cancels[${i}]`);
        int(o.asset, `action.cancels[${i}].asset`);
        cloid(o.cloid, `action.cancels[${i}].cloid`);
      });
      return;
    case 'modify':
      oid(a.oid, 'action.oid');
      order(a.order, 'action.order');
      return;
    case 'batchModify':
      arr(a.modifies, 'action.modifies').forEach((m, i) => {
        const o = obj(m, `action.modifies[${i}]`);
        oid(o.oid, `action.modifies[${i}].oid`);
        order(o.order, `action.modifies[${i}].order`);
      });
      return;
    case 'updateLeverage':
      int(a.asset, 'action.asset');
      bool(a.isCross, 'action.isCross');
      if (
        typeof a.leverage !== 'number' ||
        !Number.isInteger(a.leverage) ||
        a.leverage < 1 ||
        a.leverage > 100
      )
        fail('action.leverage must be an integer from 1 to 100');
      return;
    case 'updateIsolatedMargin':
      int(a.asset, 'action.asset');
      bool(a.isBuy, 'action.isBuy');
      if (typeof a.ntli !== 'number' || !Number.isInteger(a.ntli)) fail('action.ntli must be an integer');
      return;
    case 'usdClassTransfer':
      dec(a.amount, 'action.amount');
      bool(a.toPerp, 'action.toPerp');
      return;
    case 'scheduleCancel':
      if (a.time !== undefined) int(a.time, 'action.time');
      return;
  }
}

export type Validation = { ok: true; action: ExchangeAction } | { ok: false; error: string };

export function validateActionText(text: string): Validation {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const schema = exchangeActionSchema.safeParse(parsed);
  if (!schema.success) {
    const issue = schema.error.issues[0];
    return {
      ok: false,
      error: `action${issue?.path.length ? '.' + issue.path.join('.') : ''}: ${issue?.message ?? 'invalid'}`,
    };
  }
  const action = schema.data as ExchangeAction;
  try {
    requiredFields(action);
  } catch (e) {
    if (e instanceof Invalid) return { ok: false, error: e.message };
    throw e;
  }
  return { ok: true, action };
}

let lastNonce = 0;
/** Current time in ms, strictly increasing even for two sends in the same millisecond. */
export function nextNonce(): number {
  lastNonce = Math.max(Date.now(), lastNonce + 1);
  return lastNonce;
}

/** One line an operator can check in the confirmation: what the action does. */
export function describeAction(a: ExchangeAction): string {
  const o = a as Obj;
  switch (a.type) {
    case 'order': {
      const orders = Array.isArray(o.orders) ? (o.orders as Obj[]) : [];
      return orders
        .map((x) => `${x.b ? 'BUY' : 'SELL'} ${String(x.s)} @ ${String(x.p)} (asset ${String(x.a)})`)
        .join('; ');
    }
    case 'cancel':
      return `Cancel ${Array.isArray(o.cancels) ? o.cancels.length : 0} order(s)`;
    case 'modify':
      return `Modify order ${String(o.oid)}`;
    case 'updateLeverage':
      return `Leverage ${String(o.leverage)}x on asset ${String(o.asset)} (${o.isCross ? 'cross' : 'isolated'})`;
    case 'usdClassTransfer':
      return `Transfer ${String(o.amount)} USD ${o.toPerp ? 'spot → perp' : 'perp → spot'}`;
    case 'scheduleCancel':
      return o.time === undefined
        ? 'Clear the scheduled cancel'
        : `Cancel all orders at ${new Date(Number(o.time)).toLocaleString()}`;
    default:
      return a.type;
  }
}
