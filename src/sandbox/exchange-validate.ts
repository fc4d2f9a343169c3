/**
 * The shape of `POST /exchange` actions is the shared schema (src/shared/exchange-actions.ts), the
 * one the renderer's composer and the main side's prepare use; the sandbox adds only the
 * exchange's own matching rules (state/exchange.ts). Every refusal names the field by its path.
 */
import type { z } from 'zod';
import { exchangeAction, type ExchangeAction, type exchangeOrder } from '../shared/exchange-actions';
import { parseOr400 } from './validation';

export type HlAction = ExchangeAction;
export type HlOrder = z.output<typeof exchangeOrder>;

/** Throws a 400 `action.<path>: <what is wrong>` unless `value` is an action of the shared schema. */
export function validateAction(value: unknown): HlAction {
  return parseOr400(exchangeAction, value, { root: 'action' });
}
