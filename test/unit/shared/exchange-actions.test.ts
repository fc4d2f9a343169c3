/**
 * One exchange-action schema (src/shared/exchange-actions.ts): the renderer's composer, the main
 * side's prepare and the sandbox accept every documented example and refuse the same bad ones.
 */
import { describe, expect, it } from 'vitest';
import { validateAction } from '../../../src/sandbox/exchange-validate';
import { actionInput } from '../../../src/shared/actions';
import { exchangeAction, readExchangeAnswer } from '../../../src/shared/exchange-actions';
import { validateActionText } from '../../../src/renderer/src/features/agent-wallets/exchange-actions';
import { BAD_EXCHANGE_ACTIONS, HYPERLIQUID_EXAMPLES } from '../../support/hyperliquid-examples';

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

describe('reading the exchange answer', () => {
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
