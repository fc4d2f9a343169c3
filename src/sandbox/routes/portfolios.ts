/** `GET /portfolios`, `GET /wallets` and the deprecated `GET /accounts` of the caller's organization. */
import { PORTFOLIO_TYPES } from '../../shared/platform/enums';
import { PAGE_LIMITS } from '../../shared/platform/page-limits';
import type { Account, Portfolio, Wallet } from '../../shared/platform/resources';
import { forbidden } from '../errors';
import { Dec } from '../money';
import { NO_QUERY, paging, param, parseQuery, querySchema } from '../query';
import { json, page, type PlatformRequest, type Reply, type Route } from '../router';

const portfolioQuery = querySchema('portfolios', {
  portfolioTypes: param.enumList(PORTFOLIO_TYPES).optional(),
  excludedPortfolioTypes: param.enumList(PORTFOLIO_TYPES).optional(),
  portfolioId: param.string().optional(),
  organizationId: param.string().optional(),
  isActive: param.bool().default(true),
  isDefiVault: param.bool().optional(),
  signingFlowType: param.string().optional(),
  ...paging(PAGE_LIMITS.portfolios.default, PAGE_LIMITS.portfolios.max),
});

const walletQuery = querySchema('wallets', {
  portfolioId: param.string().optional(),
  currencies: param.list().optional(),
  mainCurrency: param.string().optional(),
  portfolioTypes: param.enumList(PORTFOLIO_TYPES).optional(),
  excludedPortfolioTypes: param.enumList(PORTFOLIO_TYPES).optional(),
  nonEmpty: param.bool().default(false),
  ...paging(PAGE_LIMITS.wallets.default, PAGE_LIMITS.wallets.max),
});

function listPortfolios(req: PlatformRequest): Reply {
  const q = parseQuery(portfolioQuery, req.query);
  const { portfolioTypes: types, excludedPortfolioTypes: excluded, portfolioId, organizationId } = q;
  const { isActive, isDefiVault, signingFlowType, limit, offset } = q;
  if (organizationId !== undefined && organizationId !== req.caller.organizationId) {
    throw forbidden('organizationId is not the organization of this API key');
  }
  const own = req.caller.organizationId;
  const out = req.store.data.portfolios.filter(
    (p: Portfolio) =>
      p.organizationId === own &&
      p.isActive === isActive &&
      (types === undefined || types.includes(p.portfolioType)) &&
      (excluded === undefined || !excluded.includes(p.portfolioType)) &&
      (portfolioId === undefined || p.portfolioId === portfolioId) &&
      (isDefiVault === undefined || (p.extra?.isDefiVault === true) === isDefiVault) &&
      (signingFlowType === undefined || p.extra?.signingFlowType === signingFlowType),
  );
  return json({ portfolios: page(out, offset, limit) });
}

function listWallets(req: PlatformRequest): Reply {
  const q = parseQuery(walletQuery, req.query);
  const { portfolioId, currencies, mainCurrency, portfolioTypes: types } = q;
  const { excludedPortfolioTypes: excluded, nonEmpty, limit, offset } = q;
  const own = req.caller.organizationId;
  const out = req.store.data.wallets.filter(
    (w: Wallet) =>
      w.organizationId === own &&
      (portfolioId === undefined || w.portfolioId === portfolioId) &&
      (currencies === undefined || currencies.includes(w.currency)) &&
      (mainCurrency === undefined || w.mainCurrency === mainCurrency) &&
      (types === undefined || types.includes(w.portfolioType)) &&
      (excluded === undefined || !excluded.includes(w.portfolioType)) &&
      (!nonEmpty || new Dec(w.totalBalance).gt(0)),
  );
  return json({ wallets: page(out, offset, limit) });
}

/** Deprecated on the real platform; answers every portfolio with its wallets (resources.ts Account). */
function listAccounts(req: PlatformRequest): Reply {
  parseQuery(NO_QUERY, req.query);
  const own = req.caller.organizationId;
  const wallets = req.store.data.wallets.filter((w) => w.organizationId === own);
  const accounts: Account[] = req.store.data.portfolios
    .filter((p) => p.organizationId === own)
    .map((p) => ({
      accountId: p.portfolioId,
      accountName: p.portfolioName,
      accountType: p.portfolioType,
      organizationId: p.organizationId,
      isActive: p.isActive,
      wallets: wallets.filter((w) => w.portfolioId === p.portfolioId),
    }));
  return json({ accounts });
}

export const portfolioRoutes: Route[] = [
  { method: 'GET', pattern: '/portfolios', handler: listPortfolios },
  { method: 'GET', pattern: '/wallets', handler: listWallets },
  { method: 'GET', pattern: '/accounts', handler: listAccounts },
];
