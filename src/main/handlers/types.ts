import type { CallName } from '../../shared/contract';
import type { Handler } from '../router/router';

/** A domain's share of the router's handlers. */
export type HandlersFor<D extends string> = { [N in Extract<CallName, `${D}.${string}`>]: Handler<N> };
