/**
 * Simulated deposits and withdrawals (`POST /sandbox/deposits`, `POST /sandbox/withdrawals`), so
 * that the `deposit-*` and `withdraw-*` events fire from a real change: the wallet's balances move
 * with decimal.js, and each status is one event (`-created`, then `-completed` or `-failed`).
 */
import type { Wallet } from '../../shared/platform/resources';
import { badRequest, conflict } from '../errors';
import { Dec } from '../money';
import type { SandboxStore } from './store';

export type TransferKind = 'deposit' | 'withdraw';
export type TransferStatus = 'created' | 'completed' | 'failed';

export interface Transfer {
  orderId: string;
  orderType: TransferKind;
  status: TransferStatus;
  portfolioId: string;
  organizationId: string;
  walletId: string;
  currency: string;
  mainCurrency: string;
  amount: string;
  createdAt: string;
  updatedAt: string;
  failureReason?: string;
}

const FIELDS = new Set(['portfolioId', 'currency', 'amount', 'outcome', 'failureReason']);
const AMOUNT_RE = /^(0|[1-9]\d{0,29})(\.\d{1,18})?$/;
const OUTCOMES: Record<TransferKind, readonly string[]> = {
  deposit: ['completed', 'pending'],
  withdraw: ['completed', 'failed', 'pending'],
};

/** Moves `available` by `delta` and keeps balance = available + locked + reserve, total = balance + stake. */
function moveBalance(wallet: Wallet, delta: InstanceType<typeof Dec>, now: string): void {
  const available = new Dec(wallet.available).plus(delta);
  const balance = available.plus(wallet.locked).plus(wallet.reserve);
  wallet.available = available.toFixed();
  wallet.balance = balance.toFixed();
  wallet.totalBalance = balance.plus(wallet.stakeBalance).toFixed();
  wallet.updatedAt = now;
}

export function simulateTransfer(
  store: SandboxStore,
  kind: TransferKind,
  body: Record<string, unknown>,
): { transfer: Transfer; events: string[] } {
  const unknown = Object.keys(body).filter((k) => !FIELDS.has(k));
  if (unknown.length > 0)
    throw badRequest(
      `unknown field(s) ${unknown.map((k) => JSON.stringify(k.slice(0, 60))).join(', ')}; use portfolioId, currency, amount, outcome, failureReason`,
    );
  const outcome = body.outcome ?? 'completed';
  if (typeof outcome !== 'string' || !OUTCOMES[kind].includes(outcome))
    throw badRequest(`outcome must be one of ${OUTCOMES[kind].join(', ')} (default completed)`);
  const amount = body.amount;
  if (typeof amount !== 'string' || !AMOUNT_RE.test(amount) || new Dec(amount).isZero())
    throw badRequest('amount must be a positive decimal string such as "0.5" (at most 18 decimals)');
  const reason = body.failureReason ?? 'Simulated failure';
  if (
    typeof reason !== 'string' ||
    reason.length > 500 ||
    (body.failureReason !== undefined && outcome !== 'failed')
  )
    throw badRequest('failureReason is a string of at most 500 characters, for outcome "failed" only');
  const currency = body.currency ?? 'BTC';
  if (typeof currency !== 'string') throw badRequest('currency must be a string such as "BTC"');
  const caller = store.data.callerOrganizationId;
  const portfolioId =
    body.portfolioId ??
    store.data.portfolios.find((p) => p.organizationId === caller && p.portfolioType === 'custody')
      ?.portfolioId;
  if (typeof portfolioId !== 'string' || store.portfolio(portfolioId) === undefined)
    throw badRequest('portfolioId must be a sandbox portfolio (see GET /sandbox/info)');
  const wallet = store.data.wallets.find((w) => w.portfolioId === portfolioId && w.currency === currency);
  if (wallet === undefined)
    throw badRequest(
      `the portfolio has no ${currency.slice(0, 20)} wallet; pick a currency it holds (GET /platform/wallets)`,
    );
  if (kind === 'withdraw' && outcome === 'completed' && new Dec(amount).greaterThan(wallet.available))
    throw conflict(`amount ${amount} is more than the wallet's available ${wallet.available} ${currency}`);
  const now = String(store.now());
  const transfer: Transfer = {
    orderId: store.newId(),
    orderType: kind,
    status: 'created',
    portfolioId,
    organizationId: wallet.organizationId,
    walletId: wallet.walletId,
    currency,
    mainCurrency: wallet.mainCurrency,
    amount,
    createdAt: now,
    updatedAt: now,
  };
  const prefix = kind === 'deposit' ? 'deposit' : 'withdraw';
  const events = [`${prefix}-created`];
  store.emit({ kind: 'transfer', transfer: { ...transfer } });
  if (outcome === 'completed') {
    moveBalance(wallet, kind === 'deposit' ? new Dec(amount) : new Dec(amount).negated(), now);
    transfer.status = 'completed';
  } else if (outcome === 'failed') {
    transfer.status = 'failed';
    transfer.failureReason = reason;
  }
  if (transfer.status !== 'created') {
    store.changed();
    events.push(`${prefix}-${transfer.status}`);
    store.emit({ kind: 'transfer', transfer: { ...transfer } });
  }
  return { transfer, events };
}
