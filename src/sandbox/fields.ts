/** Field readers for JSON request bodies; every refusal names the field. */
import { badRequest } from './errors';
import { AMOUNT_RE, SIGNED_AMOUNT_RE, priceOf } from './money';

type Body = Record<string, unknown>;

export function requiredString(body: Body, name: string, max = 200): string {
  const v = body[name];
  if (v === undefined || v === null) throw badRequest(`${name} is required`);
  if (typeof v !== 'string' || v.trim() === '' || v.length > max) {
    throw badRequest(`${name} must be a non-empty string of at most ${max} characters`);
  }
  return v;
}

export function optionalString(body: Body, name: string, max = 200): string | undefined {
  return body[name] === undefined || body[name] === null ? undefined : requiredString(body, name, max);
}

/** A positive decimal amount as a string. */
export function optionalAmount(
  body: Body,
  name: string,
  allowNegative = false,
  label = name,
): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  const re = allowNegative ? SIGNED_AMOUNT_RE : AMOUNT_RE;
  if (typeof v !== 'string' || !re.test(v))
    throw badRequest(`${label} must be a decimal number as a string, such as "1250.5"`);
  if (!allowNegative && /^[0.]+$/.test(v)) throw badRequest(`${label} must be greater than zero`);
  return v;
}

export function requiredAmount(body: Body, name: string): string {
  const v = optionalAmount(body, name);
  if (v === undefined) throw badRequest(`${name} is required`);
  return v;
}

export function optionalTimestamp(body: Body, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !/^\d{1,16}$/.test(v))
    throw badRequest(`${name} must be epoch milliseconds as a string`);
  return v;
}

export function optionalBool(body: Body, name: string): boolean | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw badRequest(`${name} must be true or false`);
  return v;
}

export function currencyField(value: unknown, name: string): string {
  if (typeof value !== 'string' || priceOf(value) === undefined) {
    throw badRequest(`${name} must be a currency the sandbox prices (BTC, ETH, USDC, USDT, SOL, XRP, DOGE)`);
  }
  return value;
}

export interface AmountItem {
  amount: string;
  currency: string;
}

/** An array of `{amount, currency, mainCurrency?, amountInUsd?}` (at most 50). */
export function optionalCollaterals(
  body: Body,
  name: string,
  allowNegative: boolean,
): AmountItem[] | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length > 50)
    throw badRequest(`${name} must be an array of at most 50 collaterals`);
  return v.map((item: unknown, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw badRequest(`${name}[${i}] must be an object`);
    const o = item as Body;
    const amount = optionalAmount(o, 'amount', allowNegative, `${name}[${i}].amount`);
    if (amount === undefined) throw badRequest(`${name}[${i}].amount is required`);
    if (o.mainCurrency !== undefined && typeof o.mainCurrency !== 'string') {
      throw badRequest(`${name}[${i}].mainCurrency must be a string`);
    }
    return { amount, currency: currencyField(o.currency, `${name}[${i}].currency`) };
  });
}
