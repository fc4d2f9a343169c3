/**
 * `GET /agent-wallets[?portfolioId=]`: active and pending agent wallets (never inactive ones),
 * answered as `{ agentWallets: [...] }` (the specification only says "a JSON object").
 */
import { param, parseQuery, querySchema } from '../query';
import { json, requireOwnPortfolio, type PlatformRequest, type Reply, type Route } from '../router';

const query = querySchema('agentWallets', { portfolioId: param.string().optional() });

function listAgentWallets(req: PlatformRequest): Reply {
  const { portfolioId } = parseQuery(query, req.query);
  const own = req.caller.organizationId;
  if (portfolioId !== undefined) requireOwnPortfolio(req, portfolioId);
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
