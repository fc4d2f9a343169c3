/**
 * Agent wallets of the Hyperliquid trading portfolios: active ones (validUntil set, null and "0"),
 * one being revoked, pending ones (id = orderId) and an inactive one that is never listed.
 * "Hyperliquid Onboarding" has only a pending wallet, so `POST /exchange` answers 409 there
 * until the pending wallet activates.
 */
import type { AgentWallet, Portfolio } from '../../shared/platform/resources';
import type { Rng } from '../prng';
import { BASE_TIME, HOSTILE_TEXTS, type Organization } from './types';

const address = (rng: Rng): string => `0x${rng.hex(40)}`;

function wallet(
  rng: Rng,
  p: Portfolio,
  createdBy: string,
  kind: 'active' | 'pending' | 'revoking' | 'inactive',
  name: string,
  validUntil: string | null,
  index: number,
): AgentWallet {
  const orderId = rng.uuid();
  const addr = address(rng);
  const pending = kind === 'pending';
  const w: AgentWallet = {
    address: addr,
    createdAt: String(BASE_TIME - (10 - index) * 86_400_000),
    createdBy,
    id: pending ? orderId : addr,
    name,
    orderId,
    orderStatus: pending ? 'working' : 'executed',
    portfolioId: p.portfolioId,
    status: kind === 'revoking' ? 'active' : kind,
    validUntil,
  };
  if (kind === 'revoking') w.revokeOrderId = rng.uuid();
  return w;
}

export function buildAgentWallets(
  rng: Rng,
  orgs: readonly Organization[],
  portfolios: readonly Portfolio[],
): AgentWallet[] {
  const out: AgentWallet[] = [];
  // Unix seconds, two years after the base time: far enough to never expire in tests.
  const later = String(Math.floor(BASE_TIME / 1000) + 2 * 365 * 86_400);
  for (const org of orgs) {
    const user = org.userIds[0] ?? '';
    const hl = portfolios.filter(
      (p) => p.organizationId === org.organizationId && p.extra?.exchange === 'hyperliquid',
    );
    const [desk, onboarding] = hl;
    if (desk === undefined) continue;
    if (org.role !== 'caller') {
      out.push(wallet(rng, desk, user, 'active', 'Counterparty bot', null, 0));
      continue;
    }
    out.push(wallet(rng, desk, user, 'active', 'Market maker', later, 0));
    out.push(wallet(rng, desk, user, 'active', 'Hedger', null, 1));
    out.push(wallet(rng, desk, user, 'active', HOSTILE_TEXTS[0] ?? 'Hostile', '0', 2));
    out.push(wallet(rng, desk, user, 'revoking', 'Retiring key', later, 3));
    out.push(wallet(rng, desk, user, 'pending', 'New signer', null, 4));
    out.push(wallet(rng, desk, user, 'inactive', 'Expired key', '1700000000', 5));
    if (onboarding !== undefined) {
      out.push(wallet(rng, onboarding, user, 'pending', 'Onboarding key', later, 6));
    }
  }
  return out;
}
