/** Portfolios of every PortfolioType and wallets whose balances add up (decimal.js). */
import type { PortfolioType } from '../../shared/platform/enums';
import type { Portfolio, Wallet } from '../../shared/platform/resources';
import { CURRENCIES, Dec, amountFrom, fmt } from '../money';
import type { Rng } from '../prng';
import { BASE_TIME, HOSTILE_TEXTS, type Organization } from './types';

interface PortfolioSpec {
  name: string;
  type: PortfolioType;
  exchange?: string;
  isActive?: boolean;
  isDefiVault?: boolean;
}

/** The caller's portfolios; names and exchanges matter to tests and to docs/sandbox.md. */
const CALLER_PORTFOLIOS: readonly PortfolioSpec[] = [
  { name: 'Main Custody', type: 'custody' },
  { name: 'Cold Storage', type: 'custody' },
  { name: HOSTILE_TEXTS[1] ?? 'Hostile', type: 'custody' },
  { name: 'Archived Custody', type: 'custody', isActive: false },
  { name: 'Trading Vault', type: 'trading-vault' },
  { name: 'DeFi Vault', type: 'trading-vault', isDefiVault: true },
  { name: 'Hyperliquid Desk', type: 'trading', exchange: 'hyperliquid' },
  { name: 'Hyperliquid Onboarding', type: 'trading', exchange: 'hyperliquid' },
  { name: 'Binance Spot', type: 'trading', exchange: 'binance' },
  { name: 'Treasury, "Main"\nsecond line – 日本語', type: 'external' },
  { name: 'ClearLoop Deribit', type: 'clearloop', exchange: 'deribit' },
  { name: 'ClearLoop Bybit', type: 'clearloop', exchange: 'bybit' },
  { name: 'ClearLoop OKX', type: 'clearloop', exchange: 'okx' },
];

const COUNTERPARTY_PORTFOLIOS: readonly PortfolioSpec[] = [
  { name: 'Lending Custody', type: 'custody' },
  { name: 'Hyperliquid', type: 'trading', exchange: 'hyperliquid' },
  { name: 'ClearLoop Deribit', type: 'clearloop', exchange: 'deribit' },
];

const SIGNING_FLOWS = ['default', 'multi-sig', 'mpc'] as const;

export function buildPortfolios(rng: Rng, orgs: readonly Organization[]): Portfolio[] {
  const out: Portfolio[] = [];
  for (const org of orgs) {
    const specs = org.role === 'caller' ? CALLER_PORTFOLIOS : COUNTERPARTY_PORTFOLIOS;
    specs.forEach((spec, i) => {
      const portfolioId = rng.uuid();
      const createdAt = String(BASE_TIME - 400 * 86_400_000 + i * 3_600_000);
      const extra: NonNullable<Portfolio['extra']> = {
        isDefiVault: spec.isDefiVault === true,
        signingFlowType: SIGNING_FLOWS[i % SIGNING_FLOWS.length],
      };
      if (spec.exchange !== undefined) {
        extra.exchange = spec.exchange;
        extra.clientAccountId = `${spec.exchange}-${rng.hex(10)}`;
      }
      if (spec.type === 'clearloop') extra.clearLoopPortfolioId = portfolioId;
      const isActive = spec.isActive !== false;
      out.push({
        portfolioId,
        portfolioName: org.role === 'caller' ? spec.name : `${org.name} ${spec.name}`,
        portfolioType: spec.type,
        organizationId: org.organizationId,
        isActive,
        status: isActive ? 'active' : 'archived',
        createdAt,
        createdBy: org.userIds[0] ?? '',
        updatedAt: String(Number(createdAt) + 86_400_000),
        extra,
      });
    });
  }
  return out;
}

/**
 * 3 to 5 wallets per portfolio. balance = available + locked + reserve, and
 * totalBalance = balance + stakeBalance (an assumption: the platform does not document it).
 */
export function buildWallets(rng: Rng, portfolios: readonly Portfolio[]): Wallet[] {
  const out: Wallet[] = [];
  for (const p of portfolios) {
    const count = rng.between(3, 5);
    const start = rng.int(CURRENCIES.length);
    for (let i = 0; i < count; i++) {
      const cur = CURRENCIES[(start + i) % CURRENCIES.length];
      if (cur === undefined) continue;
      // One empty wallet per portfolio so that `nonEmpty` has something to drop.
      const empty = i === count - 1;
      const available = empty ? '0' : amountFrom(rng.between(0, 5_000_000_000), 6);
      const locked = empty ? '0' : amountFrom(rng.between(0, 50_000_000), 6);
      const reserve = empty ? '0' : amountFrom(rng.between(0, 1_000_000), 6);
      const staked = !empty && (cur.currency === 'ETH' || cur.currency === 'SOL');
      const stakeBalance = staked ? amountFrom(rng.between(0, 100_000_000), 6) : '0';
      const balance = new Dec(available).plus(locked).plus(reserve);
      out.push({
        walletId: rng.uuid(),
        portfolioId: p.portfolioId,
        portfolioType: p.portfolioType,
        currency: cur.currency,
        mainCurrency: cur.mainCurrency,
        balance: fmt(balance, 6),
        available,
        locked,
        reserve,
        stakeBalance,
        totalBalance: fmt(balance.plus(stakeBalance), 6),
        organizationId: p.organizationId,
        createdAt: p.createdAt,
        updatedAt: String(BASE_TIME - rng.between(0, 30) * 86_400_000),
      });
    }
  }
  return out;
}
