/**
 * `POST /exchange`: exactly platform-facts' body `{action, nonce, vaultAddress?}`; any other
 * top-level field is a 400 naming it. The body names no portfolio, so the API key decides which
 * agent wallet signs: the portfolio the key was bound to (`POST /sandbox/keys {portfolioId}`), else
 * the first portfolio of the key's organization, in `GET /portfolios` order, that has an active
 * agent wallet. No such wallet is a 409. Nonce problems are Hyperliquid's `{status:"err"}` with 200.
 */
import { mediaTypeOf, parseJsonObject } from '../body';
import { badRequest, conflict } from '../errors';
import { validateAction } from '../exchange-validate';
import { json, type PlatformRequest, type Reply, type Route } from '../router';

const BODY_FIELDS = new Set(['action', 'nonce', 'vaultAddress']);

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
  const body = parseJsonObject(req.body);
  const unknown = Object.keys(body).filter((k) => !BODY_FIELDS.has(k));
  if (unknown.length > 0)
    throw badRequest(
      `unknown field(s) ${unknown.map((k) => JSON.stringify(k.slice(0, 60))).join(', ')}: the body is {action, nonce, vaultAddress?}; the API key selects the agent wallet`,
    );
  const { nonce, vaultAddress } = body;
  if (typeof nonce !== 'number' || !Number.isSafeInteger(nonce) || nonce < 0) {
    throw badRequest('nonce must be a non-negative integer (milliseconds)');
  }
  if (vaultAddress !== undefined && vaultAddress !== null) {
    if (typeof vaultAddress !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(vaultAddress)) {
      throw badRequest('vaultAddress must be a 0x-prefixed 20-byte hex address');
    }
  }
  if (body.action === undefined) throw badRequest('action is required');
  const action = validateAction(body.action);
  const store = req.store;
  const portfolioId = tradingPortfolioOf(req);
  const nonceError = store.exchange.checkNonce(portfolioId, nonce, store.now());
  if (nonceError !== undefined) return json({ status: 'err', response: nonceError });
  return json(store.exchange.execute(portfolioId, nonce, action));
}

export const exchangeRoutes: Route[] = [{ method: 'POST', pattern: '/exchange', handler: submit }];
