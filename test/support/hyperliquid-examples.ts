/**
 * Exchange actions in the shapes of Hyperliquid's exchange-endpoint documentation (platform-facts:
 * `POST /exchange` mirrors it), one or more per action type the console supports. The renderer's
 * composer, the main side's prepare and the sandbox must all accept every one of them.
 */
const limitGtc = { a: 0, b: true, p: '30000', s: '0.1', r: false, t: { limit: { tif: 'Gtc' } } };

export const HYPERLIQUID_EXAMPLES: Record<string, unknown> = {
  'order, limit Gtc': { type: 'order', orders: [limitGtc], grouping: 'na' },
  'order, limit Ioc with a cloid': {
    type: 'order',
    orders: [{ ...limitGtc, t: { limit: { tif: 'Ioc' } }, c: '0x1234567890abcdef1234567890abcdef' }],
    grouping: 'na',
  },
  'order, Alo reduce-only sell': {
    type: 'order',
    orders: [{ ...limitGtc, b: false, r: true, t: { limit: { tif: 'Alo' } } }],
    grouping: 'na',
  },
  'order, trigger stop-loss (normalTpsl)': {
    type: 'order',
    orders: [
      { ...limitGtc, b: false, r: true, t: { trigger: { isMarket: true, triggerPx: '29000', tpsl: 'sl' } } },
    ],
    grouping: 'normalTpsl',
  },
  'order, with a builder fee': {
    type: 'order',
    orders: [limitGtc],
    grouping: 'na',
    builder: { b: '0x0000000000000000000000000000000000000001', f: 10 },
  },
  cancel: { type: 'cancel', cancels: [{ a: 0, o: 123456789 }] },
  cancelByCloid: {
    type: 'cancelByCloid',
    cancels: [{ asset: 0, cloid: '0x1234567890abcdef1234567890abcdef' }],
  },
  'modify by oid': { type: 'modify', oid: 123456789, order: { ...limitGtc, p: '30100' } },
  'modify by cloid': { type: 'modify', oid: '0x1234567890abcdef1234567890abcdef', order: limitGtc },
  batchModify: { type: 'batchModify', modifies: [{ oid: 123456789, order: { ...limitGtc, s: '0.2' } }] },
  updateLeverage: { type: 'updateLeverage', asset: 0, isCross: true, leverage: 10 },
  updateIsolatedMargin: { type: 'updateIsolatedMargin', asset: 0, isBuy: true, ntli: 1000000 },
  'scheduleCancel at a time': { type: 'scheduleCancel', time: 4_102_444_800_000 },
  'scheduleCancel, cleared': { type: 'scheduleCancel' },
};

/**
 * User-signed actions in Hyperliquid's documented shape (platform-facts, third round: they carry
 * `signatureChainId`, `hyperliquidChain` and a `nonce` inside the action and are signed by the
 * account itself, not by an agent wallet). The platform (the sandbox) may take them; the console
 * leaves them out: it does not hold the account's EIP-712 key, and POST /exchange signs agent actions.
 */
export const USER_SIGNED_EXAMPLES: Record<string, unknown> = {
  usdClassTransfer: {
    type: 'usdClassTransfer',
    hyperliquidChain: 'Mainnet',
    signatureChainId: '0xa4b1',
    amount: '100',
    toPerp: true,
    nonce: 1_700_000_000_000,
  },
  'usdClassTransfer without the user-signed fields': {
    type: 'usdClassTransfer',
    amount: '100',
    toPerp: true,
  },
};

/** Shapes every party must refuse, with the field each one names. */
export const BAD_EXCHANGE_ACTIONS: Record<string, unknown> = {
  'unknown type': { type: 'withdraw3', amount: '1' },
  'price with an exponent': { type: 'order', orders: [{ ...limitGtc, p: '3e4' }], grouping: 'na' },
  'negative size': { type: 'order', orders: [{ ...limitGtc, s: '-1' }], grouping: 'na' },
  'unknown tif': { type: 'order', orders: [{ ...limitGtc, t: { limit: { tif: 'Day' } } }], grouping: 'na' },
  'no orders': { type: 'order', orders: [], grouping: 'na' },
  'leverage 0': { type: 'updateLeverage', asset: 0, isCross: true, leverage: 0 },
  'short cloid': { type: 'cancelByCloid', cancels: [{ asset: 0, cloid: '0x12' }] },
};
