/**
 * `GET /agent-wallets[?portfolioId=]`: active and pending agent wallets (never inactive ones),
 * answered as `{ agentWallets: [...] }` (the specification only says "a JSON object").
 */
import { notFound } from '../errors';
import { json, type PlatformRequest, type Reply, type Route } from '../router';

function listAgentWallets(req: PlatformRequest): Reply {
  const portfolioId = req.query.string('portfolioId');
  const own = req.caller.organizationId;
  if (portfolioId !== undefined && req.store.portfolio(portfolioId)?.organizationId !== own) {
    throw notFound(
      `portfolioId ${JSON.stringify(portfolioId.slice(0, 80))} is not a portfolio of this organization`,
    );
  }
  const agentWallets = req.store.data.agentWallets.filter(
    (w) =>
      w.status !== 'inactive' &&
      (portfolioId === undefined
        ? req.store.portfolio(w.portfolioId)?.organizationId === own
        : w.portfolioId === portfolioId),
  );
  return json({ agentWallets });
}

export const agentWalletRoutes: Route[] = [
  { method: 'GET', pattern: '/agent-wallets', handler: listAgentWallets },
];
