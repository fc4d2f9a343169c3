/**
 * ClearLoop actions of both types in statuses pending / processing / executed / failed, oldest
 * first. Pending ones become executed when the sandbox clock passes the activation time.
 */
import type { ClearLoopAction, Portfolio } from '../../shared/platform/resources';
import { CURRENCIES, Dec, amountFrom, fmt, priceOf } from '../money';
import type { Rng } from '../prng';
import { BASE_TIME } from './types';

const STATUS_WEIGHTS: readonly [string, number][] = [
  ['executed', 0.8],
  ['failed', 0.06],
  ['processing', 0.06],
  ['pending', 0.08],
];

function pickStatus(rng: Rng): string {
  let r = rng.next();
  for (const [status, w] of STATUS_WEIGHTS) {
    if (r < w) return status;
    r -= w;
  }
  return 'executed';
}

export function buildClearLoopActions(
  rng: Rng,
  organizationId: string,
  clearLoopPortfolios: readonly Portfolio[],
  count: number,
): ClearLoopAction[] {
  const out: ClearLoopAction[] = new Array<ClearLoopAction>(count);
  if (clearLoopPortfolios.length === 0) return [];
  // Roughly one action per two minutes, ending at the base time.
  let t = BASE_TIME - count * 120_000;
  const exchangeOrg = new Map<string, string>();
  for (const p of clearLoopPortfolios) exchangeOrg.set(p.portfolioId, rng.uuid());
  for (let i = 0; i < count; i++) {
    t += rng.between(1_000, 239_000);
    const p = clearLoopPortfolios[i % clearLoopPortfolios.length] ?? clearLoopPortfolios[0];
    if (p === undefined) break;
    const cur = CURRENCIES[rng.int(CURRENCIES.length)] ?? CURRENCIES[0];
    if (cur === undefined) break;
    // Guarantee every status appears even in tiny sets.
    const status = i < 4 ? (STATUS_WEIGHTS[i]?.[0] ?? 'executed') : pickStatus(rng);
    const amount = amountFrom(rng.between(1, 2_000_000_000), 6);
    const createdAt = String(t);
    const done = status === 'executed' || status === 'failed';
    const completedAt = done ? String(t + rng.between(5_000, 600_000)) : undefined;
    const action: ClearLoopAction = {
      action: rng.chance(0.55) ? 'add-funds' : 'remove-funds',
      amount,
      clientAccountId: String(p.extra?.clientAccountId ?? ''),
      createdAt,
      currency: cur.currency,
      delegatedOrganizationId: exchangeOrg.get(p.portfolioId) ?? '',
      organizationId,
      clearLoopPortfolioId: p.portfolioId,
      exchangeId: String(p.extra?.exchange ?? ''),
      network: cur.mainCurrency,
      orderId: rng.uuid(),
      status,
      updatedAt: completedAt ?? createdAt,
      usdAmount: fmt(new Dec(amount).mul(priceOf(cur.currency) ?? 0), 2),
    };
    if (completedAt !== undefined) action.completedAt = completedAt;
    out[i] = action;
  }
  return out;
}
