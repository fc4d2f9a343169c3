/**
 * `POST /exchange` actions as the sandbox reads platform-facts ("mirrors Hyperliquid's exchange
 * endpoint", third round: prices, cloids, time in force, user-signed actions), written here and not
 * taken from the console's composer schema (issue 25.4).
 *
 * The sandbox's readings where the facts are silent:
 * - prices and sizes are decimal strings ("0.01"), no sign or exponent; the significant-figure
 *   and decimal-place limits depend on an asset list the platform does not publish, so they are not
 *   checked here (the matching refuses a zero price or size and an order under $10).
 * - order ids are integers; one above 2^53 cannot be read exactly from JSON here, so it is refused
 *   with a 400 that says so rather than matched against a rounded value.
 * - a batch has 1 to 1000 entries; unknown fields are refused, naming the field.
 * - user-signed actions (`usdClassTransfer`) carry `signatureChainId`, `hyperliquidChain` and a
 *   `nonce` (platform-facts: "carry signatureChainId, hyperliquidChain and a nonce (or time) inside
 *   the action"); without them Hyperliquid cannot verify the signature, so the sandbox requires them.
 */
import { z } from 'zod';
import type { ExchangeActionType } from '../../shared/platform/enums';

const DECIMAL_WORDS = 'must be a decimal string such as "0.01" (no sign or exponent)';
const price = z.string(DECIMAL_WORDS).regex(/^\d{1,20}(\.\d{1,18})?$/, DECIMAL_WORDS);
// Not `.int()`: zod refuses an unsafe integer there, and the sandbox says why one above 2^53 is refused.
const int = (words: string) => z.number(words).multipleOf(1, words);
const asset = int('must be an asset index (an integer)')
  .min(0, 'must be an asset index, 0 or more')
  .max(1_000_000, 'must be an asset index (perpetuals: the index, spot: 10000 + the index)');
const orderId = int('must be an order id (an integer)')
  .min(0, 'must be an order id, 0 or more')
  .max(Number.MAX_SAFE_INTEGER, 'is above 2^53: the sandbox cannot read it exactly');
const millis = int('must be epoch milliseconds (an integer)')
  .min(0, 'must be epoch milliseconds, 0 or more')
  .max(Number.MAX_SAFE_INTEGER, 'must be epoch milliseconds');
const cloid = z
  .string('must be a cloid: 0x and 32 hex digits')
  .regex(/^0x[0-9a-fA-F]{32}$/, 'must be a cloid: 0x and 32 hex digits');
const address = z
  .string('must be an address: 0x and 40 hex digits')
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be an address: 0x and 40 hex digits');
const flag = z.boolean('must be true or false');
const batch = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, 'must have at least one entry').max(1000, 'must have at most 1000 entries');

const orderType = z.union([
  z.strictObject({ limit: z.strictObject({ tif: z.enum(['Alo', 'Ioc', 'Gtc']) }) }),
  z.strictObject({
    trigger: z.strictObject({ isMarket: flag, triggerPx: price, tpsl: z.enum(['tp', 'sl']) }),
  }),
]);

/** One order in Hyperliquid's short wire names. */
export const wireOrder = z.strictObject({
  a: asset,
  b: flag,
  p: price,
  s: price,
  r: flag,
  t: orderType,
  c: cloid.optional(),
});

const modifyEntry = { oid: z.union([orderId, cloid]), order: wireOrder };

const ACTIONS = {
  order: z.strictObject({
    type: z.literal('order'),
    orders: batch(wireOrder),
    grouping: z.enum(['na', 'normalTpsl', 'positionTpsl']),
    builder: z.strictObject({ b: address, f: int('must be a fee (an integer)').min(0) }).optional(),
  }),
  cancel: z.strictObject({
    type: z.literal('cancel'),
    cancels: batch(z.strictObject({ a: asset, o: orderId })),
  }),
  cancelByCloid: z.strictObject({
    type: z.literal('cancelByCloid'),
    cancels: batch(z.strictObject({ asset, cloid })),
  }),
  modify: z.strictObject({ type: z.literal('modify'), ...modifyEntry }),
  batchModify: z.strictObject({
    type: z.literal('batchModify'),
    modifies: batch(z.strictObject(modifyEntry)),
  }),
  updateLeverage: z.strictObject({
    type: z.literal('updateLeverage'),
    asset,
    isCross: flag,
    leverage: int('must be an integer leverage').min(1, 'must be 1 or more').max(1000, 'is too large'),
  }),
  updateIsolatedMargin: z.strictObject({
    type: z.literal('updateIsolatedMargin'),
    asset,
    isBuy: flag,
    ntli: int('must be an integer (USD × 10^6)')
      .min(-Number.MAX_SAFE_INTEGER, 'is too large')
      .max(Number.MAX_SAFE_INTEGER, 'is too large'),
  }),
  usdClassTransfer: z.strictObject({
    type: z.literal('usdClassTransfer'),
    amount: price,
    toPerp: flag,
    signatureChainId: z
      .string('must be the signing chain id in hex, e.g. "0xa4b1"')
      .regex(/^0x[0-9a-fA-F]{1,16}$/, 'must be the signing chain id in hex, e.g. "0xa4b1"'),
    hyperliquidChain: z.enum(['Mainnet', 'Testnet'], 'must be Mainnet or Testnet'),
    nonce: millis,
  }),
  scheduleCancel: z.strictObject({ type: z.literal('scheduleCancel'), time: millis.optional() }),
} as const satisfies Record<ExchangeActionType, z.ZodType>;

/** Any action the sandbox's exchange understands, chosen by `type`. */
export const hlAction = z.discriminatedUnion('type', [
  ACTIONS.order,
  ACTIONS.cancel,
  ACTIONS.cancelByCloid,
  ACTIONS.modify,
  ACTIONS.batchModify,
  ACTIONS.updateLeverage,
  ACTIONS.updateIsolatedMargin,
  ACTIONS.usdClassTransfer,
  ACTIONS.scheduleCancel,
]);
export type HlAction = z.output<typeof hlAction>;
export type HlOrder = z.output<typeof wireOrder>;

/** `vaultAddress` of the body: a vault's or subaccount's address. */
export const vaultAddress = address;
