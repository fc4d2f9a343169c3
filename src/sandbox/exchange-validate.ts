/**
 * Validates `POST /exchange` actions against Hyperliquid's shapes. Every refusal names the field
 * by its path (e.g. `action.orders[0].p`).
 */
import { EXCHANGE_ACTION_TYPES } from '../shared/platform/enums';
import { badRequest } from './errors';

export interface HlOrder {
  a: number;
  b: boolean;
  p: string;
  s: string;
  r: boolean;
  t:
    | { limit: { tif: 'Alo' | 'Ioc' | 'Gtc' } }
    | { trigger: { isMarket: boolean; triggerPx: string; tpsl: 'tp' | 'sl' } };
  c?: string;
}

export type HlAction =
  | { type: 'order'; orders: HlOrder[]; grouping: string }
  | { type: 'cancel'; cancels: { a: number; o: number }[] }
  | { type: 'cancelByCloid'; cancels: { asset: number; cloid: string }[] }
  | { type: 'modify'; oid: number | string; order: HlOrder }
  | { type: 'batchModify'; modifies: { oid: number | string; order: HlOrder }[] }
  | { type: 'updateLeverage'; asset: number; isCross: boolean; leverage: number }
  | { type: 'updateIsolatedMargin'; asset: number; isBuy: boolean; ntli: number }
  | { type: 'usdClassTransfer'; amount: string; toPerp: boolean }
  | { type: 'scheduleCancel'; time?: number };

type Obj = Record<string, unknown>;
const MAX_ITEMS = 1000;
const DECIMAL_RE = /^\d{1,20}(\.\d{1,18})?$/;
const CLOID_RE = /^0x[0-9a-fA-F]{32}$/;

function obj(v: unknown, path: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw badRequest(`${path} must be an object`);
  return v as Obj;
}
function arr(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) throw badRequest(`${path} must be an array`);
  if (v.length === 0 || v.length > MAX_ITEMS) throw badRequest(`${path} must have 1 to ${MAX_ITEMS} entries`);
  return v;
}
function int(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw badRequest(`${path} must be an integer between ${min} and ${max}`);
  }
  return v;
}
function bool(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') throw badRequest(`${path} must be true or false`);
  return v;
}
function decimal(v: unknown, path: string): string {
  if (typeof v !== 'string' || !DECIMAL_RE.test(v))
    throw badRequest(`${path} must be a decimal string such as "0.01"`);
  return v;
}
function oneOf<T extends string>(v: unknown, path: string, allowed: readonly T[]): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    throw badRequest(`${path} must be one of ${allowed.join(', ')}`);
  }
  return v as T;
}
function cloid(v: unknown, path: string): string {
  if (typeof v !== 'string' || !CLOID_RE.test(v))
    throw badRequest(`${path} must be a 128-bit hex cloid such as 0x0123...`);
  return v.toLowerCase();
}
const asset = (v: unknown, path: string): number => int(v, path, 0, 1_000_000);
const oid = (v: unknown, path: string): number | string =>
  typeof v === 'string' ? cloid(v, path) : int(v, path, 0, Number.MAX_SAFE_INTEGER);

export function validateOrder(v: unknown, path: string): HlOrder {
  const o = obj(v, path);
  const t = obj(o.t, `${path}.t`);
  let type: HlOrder['t'];
  if ('limit' in t) {
    type = {
      limit: {
        tif: oneOf(obj(t.limit, `${path}.t.limit`).tif, `${path}.t.limit.tif`, [
          'Alo',
          'Ioc',
          'Gtc',
        ] as const),
      },
    };
  } else if ('trigger' in t) {
    const trig = obj(t.trigger, `${path}.t.trigger`);
    type = {
      trigger: {
        isMarket: bool(trig.isMarket, `${path}.t.trigger.isMarket`),
        triggerPx: decimal(trig.triggerPx, `${path}.t.trigger.triggerPx`),
        tpsl: oneOf(trig.tpsl, `${path}.t.trigger.tpsl`, ['tp', 'sl'] as const),
      },
    };
  } else {
    throw badRequest(`${path}.t must be {limit:{tif}} or {trigger:{isMarket,triggerPx,tpsl}}`);
  }
  const order: HlOrder = {
    a: asset(o.a, `${path}.a`),
    b: bool(o.b, `${path}.b`),
    p: decimal(o.p, `${path}.p`),
    s: decimal(o.s, `${path}.s`),
    r: bool(o.r, `${path}.r`),
    t: type,
  };
  if (o.c !== undefined) order.c = cloid(o.c, `${path}.c`);
  return order;
}

export function validateAction(v: unknown): HlAction {
  const a = obj(v, 'action');
  const type = oneOf(a.type, 'action.type', EXCHANGE_ACTION_TYPES);
  switch (type) {
    case 'order':
      return {
        type,
        orders: arr(a.orders, 'action.orders').map((o, i) => validateOrder(o, `action.orders[${i}]`)),
        grouping: oneOf(a.grouping, 'action.grouping', ['na', 'normalTpsl', 'positionTpsl'] as const),
      };
    case 'cancel':
      return {
        type,
        cancels: arr(a.cancels, 'action.cancels').map((c, i) => {
          const o = obj(c, `action.cancels[${i}]`);
          return {
            a: asset(o.a, `action.cancels[${i}].a`),
            o: int(o.o, `action.cancels[${i}].o`, 0, Number.MAX_SAFE_INTEGER),
          };
        }),
      };
    case 'cancelByCloid':
      return {
        type,
        cancels: arr(a.cancels, 'action.cancels').map((c, i) => {
          const o = obj(c, `action.cancels[${i}]`);
          return {
            asset: asset(o.asset, `action.cancels[${i}].asset`),
            cloid: cloid(o.cloid, `action.cancels[${i}].cloid`),
          };
        }),
      };
    case 'modify':
      return { type, oid: oid(a.oid, 'action.oid'), order: validateOrder(a.order, 'action.order') };
    case 'batchModify':
      return {
        type,
        modifies: arr(a.modifies, 'action.modifies').map((m, i) => {
          const o = obj(m, `action.modifies[${i}]`);
          return {
            oid: oid(o.oid, `action.modifies[${i}].oid`),
            order: validateOrder(o.order, `action.modifies[${i}].order`),
          };
        }),
      };
    case 'updateLeverage':
      return {
        type,
        asset: asset(a.asset, 'action.asset'),
        isCross: bool(a.isCross, 'action.isCross'),
        leverage: int(a.leverage, 'action.leverage', 1, 100),
      };
    case 'updateIsolatedMargin':
      return {
        type,
        asset: asset(a.asset, 'action.asset'),
        isBuy: bool(a.isBuy, 'action.isBuy'),
        ntli: int(a.ntli, 'action.ntli', -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
      };
    case 'usdClassTransfer':
      return { type, amount: decimal(a.amount, 'action.amount'), toPerp: bool(a.toPerp, 'action.toPerp') };
    case 'scheduleCancel':
      return a.time === undefined
        ? { type }
        : { type, time: int(a.time, 'action.time', 0, 9_999_999_999_999) };
  }
}
