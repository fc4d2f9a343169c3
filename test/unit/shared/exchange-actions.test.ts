/**
 * One exchange-action schema (src/shared/exchange-actions.ts): the renderer's composer, the main
 * side's prepare and the sandbox accept every documented example and refuse the same bad ones.
 */
import { describe, expect, it } from 'vitest';
import { validateAction } from '../../../src/sandbox/exchange-validate';
import { actionInput } from '../../../src/shared/actions';
import { exchangeAction, expectedStatuses, readExchangeAnswer } from '../../../src/shared/exchange-actions';
import {
  TEMPLATE_TYPES,
  validateActionText,
} from '../../../src/renderer/src/features/agent-wallets/exchange-actions';
import {
  BAD_EXCHANGE_ACTIONS,
  HYPERLIQUID_EXAMPLES,
  USER_SIGNED_EXAMPLES,
} from '../../support/hyperliquid-examples';

describe.each(Object.entries(HYPERLIQUID_EXAMPLES))('documented example: %s', (_name, action) => {
  it('is accepted by the renderer, the main side and the sandbox', () => {
    expect(validateActionText(JSON.stringify(action))).toEqual({ ok: true, action });
    expect(actionInput.safeParse({ kind: 'exchange.submit', action }).success).toBe(true);
    expect(() => validateAction(action)).not.toThrow();
  });
});

describe.each(Object.entries(BAD_EXCHANGE_ACTIONS))('bad action: %s', (_name, action) => {
  it('is refused by the renderer, the main side and the sandbox', () => {
    expect(validateActionText(JSON.stringify(action)).ok).toBe(false);
    expect(exchangeAction.safeParse(action).success).toBe(false);
    expect(() => validateAction(action)).toThrow();
  });
});

describe.each(Object.entries(USER_SIGNED_EXAMPLES))('user-signed action: %s', (_name, action) => {
  // Finding 11: usdClassTransfer was offered and sent without the fields Hyperliquid requires. The
  // console cannot sign it (the account's EIP-712 key), so the composer and prepare leave it out.
  it('is left out by the composer and the main side, saying why', () => {
    const composer = validateActionText(JSON.stringify(action));
    expect(composer.ok).toBe(false);
    expect(!composer.ok && composer.error).toMatch(/user-signed.*signatureChainId.*EIP-712/);
    const main = actionInput.safeParse({ kind: 'exchange.submit', action });
    expect(main.success).toBe(false);
    expect(main.error?.issues[0]?.message).toMatch(/does not hold/);
  });
  it('has no template in the composer', () => {
    expect(TEMPLATE_TYPES as readonly string[]).not.toContain('usdClassTransfer');
  });
});

describe('reading the exchange answer', () => {
  it('expects one status per order, cancel or modify of a batch, and none for the other actions', () => {
    const order = exchangeAction.parse(HYPERLIQUID_EXAMPLES['order, limit Gtc']);
    expect(
      order.type === 'order' && expectedStatuses({ ...order, orders: [...order.orders, ...order.orders] }),
    ).toBe(2);
    expect(expectedStatuses(exchangeAction.parse(HYPERLIQUID_EXAMPLES.cancel))).toBe(1);
    expect(expectedStatuses(exchangeAction.parse(HYPERLIQUID_EXAMPLES.updateLeverage))).toBeUndefined();
  });
  it('counts against the entries sent: a missing status leaves the verdict unknown', () => {
    const answer = { status: 'ok', response: { data: { statuses: ['success'] } } };
    expect(readExchangeAnswer(answer, 2)).toMatchObject({ verdict: 'unknown', sent: 2, unanswered: 1 });
    expect(readExchangeAnswer(answer, 1).verdict).toBe('all-ok');
  });
  it('keeps statuses it does not know as text, so nothing is lost', () => {
    const v = readExchangeAnswer({ status: 'ok', response: { data: { statuses: ['waitingForFill', 7] } } });
    expect(v.statuses).toEqual([
      { kind: 'other', raw: 'waitingForFill' },
      { kind: 'other', raw: '7' },
    ]);
    expect(v.verdict).toBe('all-ok');
  });
  it('treats an unreadable answer as a refusal of the whole action, never a success', () => {
    expect(readExchangeAnswer(null).verdict).toBe('failed');
    expect(readExchangeAnswer({ status: 'maybe' }).verdict).toBe('failed');
  });
});
