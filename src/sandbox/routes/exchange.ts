/**
 * `POST /exchange`: exactly platform-facts' body `{action, nonce, vaultAddress?}`; any other
 * top-level field is a 400 naming it. The body names no portfolio, so the API key decides which
 * agent wallet signs: the portfolio the key was bound to (`POST /sandbox/keys {portfolioId}`), else
 * the first portfolio of the key's organization, in `GET /portfolios` order, that has an active
 * agent wallet. No such wallet is a 409. Nonce problems are Hyperliquid's `{status:"err"}` with 200.
 */
import { z } from 'zod';
import { mediaTypeOf, parseJsonObject } from '../body';
import { badRequest, conflict } from '../errors';
import { NO_QUERY, parseQuery } from '../query';
import { json, type PlatformRequest, type Reply, type Route } from '../router';
import { parseOr400 } from '../validation';
import { hlAction, vaultAddress } from '../schemas/exchange';

/** platform-facts' body; the action is the sandbox's own reading (schemas/exchange.ts). */
const exchangeBody = z.strictObject({
  action: hlAction,
  nonce: z
    .number({ error: 'must be a non-negative integer (milliseconds)' })
    .int('must be a non-negative integer (milliseconds)')
    .min(0, 'must be a non-negative integer (milliseconds)')
    .max(Number.MAX_SAFE_INTEGER, 'must be a safe integer (milliseconds)'),
  vaultAddress: vaultAddress.nullish(),
});
const EXPECTED_BODY = 'the body is {action, nonce, vaultAddress?}; the API key selects the agent wallet';

/** The portfolio whose agent wallet signs for this key; throws 409 when there is none. */
export function tradingPortfolioOf(req: PlatformRequest): string {
  const store = req.store;
  const activeIn = (portfolioId: string): boolean =>
    store.data.agentWallets.some((w) => w.portfolioId === portfolioId && w.status === 'active');
  const bound = req.caller.portfolioId;
  if (bound !== undefined) {
    if (!activeIn(bound))
      throw conflict(
        `the portfolio this API key is bound to (${bound}) has no active agent wallet; wait for a pending one to activate or use another key`,
      );
    return bound;
  }
  const found = store.data.portfolios.find(
    (p) => p.organizationId === req.caller.organizationId && activeIn(p.portfolioId),
  );
  if (found === undefined)
    throw conflict(
      "no active agent wallet: no portfolio of this API key's organization has one; wait for a pending one to activate",
    );
  return found.portfolioId;
}

function submit(req: PlatformRequest): Reply {
  if (mediaTypeOf(req.headers['content-type']) !== 'application/json') {
    throw badRequest('Content-Type must be application/json');
  }
  parseQuery(NO_QUERY, req.query);
  const { action, nonce } = parseOr400(exchangeBody, parseJsonObject(req.body), {
    expected: EXPECTED_BODY,
  });
  const store = req.store;
  const portfolioId = tradingPortfolioOf(req);
  const nonceError = store.exchange.checkNonce(portfolioId, nonce, store.now());
  if (nonceError !== undefined) return json({ status: 'err', response: nonceError });
  return json(store.exchange.execute(portfolioId, nonce, action));
}

export const exchangeRoutes: Route[] = [{ method: 'POST', pattern: '/exchange', handler: submit }];
