/**
 * `POST /exchange`: `{ portfolioId, action, nonce, vaultAddress? }` (portfolioId selects the agent
 * wallet: our assumption). Shape errors are 400 naming the field; a portfolio without an active
 * agent wallet is 409; nonce problems are Hyperliquid's `{status:"err"}` with 200.
 */
import { mediaTypeOf, parseJsonObject } from '../body';
import { badRequest, conflict } from '../errors';
import { validateAction } from '../exchange-validate';
import { json, requireOwnPortfolio, type PlatformRequest, type Reply, type Route } from '../router';

function submit(req: PlatformRequest): Reply {
  if (mediaTypeOf(req.headers['content-type']) !== 'application/json') {
    throw badRequest('Content-Type must be application/json');
  }
  const body = parseJsonObject(req.body);
  const { portfolioId, nonce, vaultAddress } = body;
  if (typeof portfolioId !== 'string' || portfolioId === '' || portfolioId.length > 200) {
    throw badRequest('portfolioId is required (a string)');
  }
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
  requireOwnPortfolio(req, portfolioId);
  const active = store.data.agentWallets.some((w) => w.portfolioId === portfolioId && w.status === 'active');
  if (!active) throw conflict('the portfolio has no active agent wallet');
  const nonceError = store.exchange.checkNonce(portfolioId, nonce, store.now());
  if (nonceError !== undefined) return json({ status: 'err', response: nonceError });
  return json(store.exchange.execute(portfolioId, nonce, action));
}

export const exchangeRoutes: Route[] = [{ method: 'POST', pattern: '/exchange', handler: submit }];
