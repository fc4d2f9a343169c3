/**
 * The shape of `POST /exchange` actions is the sandbox's own reading of Hyperliquid's exchange
 * endpoint (schemas/exchange.ts); the exchange's matching rules are in state/exchange.ts. Every
 * refusal names the field by its path.
 */
import { hlAction, type HlAction, type HlOrder } from './schemas/exchange';
import { parseOr400 } from './validation';

export type { HlAction, HlOrder };

/** Throws a 400 `action.<path>: <what is wrong>` unless `value` is an action the sandbox reads. */
export function validateAction(value: unknown): HlAction {
  return parseOr400(hlAction, value, { root: 'action' });
}
