/** `GET /portfolios`, `GET /wallets` and the deprecated `GET /accounts` of the caller's organization. */
import { PORTFOLIO_TYPES } from '../../shared/platform/enums';
import type { Account, Portfolio, Wallet } from '../../shared/platform/resources';
import { forbidden } from '../errors';
import { Dec } from '../money';
import { readPaging } from '../query';
import { json, page, type PlatformRequest, type Reply, type Route } from '../router';

function listPortfolios(req: PlatformRequest): Reply {
  const q = req.query;
  const types = q.enumList('portfolioTypes', PORTFOLIO_TYPES);
  const excluded = q.enumList('excludedPortfolioTypes', PORTFOLIO_TYPES);
  const portfolioId = q.string('portfolioId');
  const organizationId = q.string('organizationId');
  const isActive = q.bool('isActive', true);
  const isDefiVault = q.bool('isDefiVault');
  const signingFlowType = q.string('signingFlowType');
  const { limit, offset } = readPaging(q, 1000, 1000);
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
  const q = req.query;
  const portfolioId = q.string('portfolioId');
  const currencies = q.list('currencies');
  const mainCurrency = q.string('mainCurrency');
  const types = q.enumList('portfolioTypes', PORTFOLIO_TYPES);
  const excluded = q.enumList('excludedPortfolioTypes', PORTFOLIO_TYPES);
  const nonEmpty = q.bool('nonEmpty', false);
  const { limit, offset } = readPaging(q, 1000, 5000);
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
