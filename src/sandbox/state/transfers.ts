/**
 * Simulated deposits and withdrawals (`POST /sandbox/deposits`, `POST /sandbox/withdrawals`), so
 * that the `deposit-*` and `withdraw-*` events fire from a real change: the wallet's balances move
 * with decimal.js, and each status is one event (`-created`, then `-completed` or `-failed`).
 */
import type { Wallet } from '../../shared/platform/resources';
import { z } from 'zod';
import type { SandboxFiredEvent } from '../../shared/platform/enums';
import { badRequest, conflict } from '../errors';
import { parseOr400 } from '../validation';
import { amount as positiveAmount } from '../schemas/values';
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

const OUTCOMES = {
  deposit: ['completed', 'pending'],
  withdraw: ['completed', 'failed', 'pending'],
} as const satisfies Record<TransferKind, readonly [string, ...string[]]>;

const REASON_RULE = 'is a string of at most 500 characters, for outcome "failed" only';

const transferBody = (kind: TransferKind) =>
  z
    .strictObject({
      portfolioId: z.string('must be a sandbox portfolio id').optional(),
      currency: z.string('must be a string such as "BTC"').default('BTC'),
      amount: positiveAmount,
      outcome: z
        .enum(OUTCOMES[kind], `must be one of ${OUTCOMES[kind].join(', ')} (default completed)`)
        .default('completed'),
      failureReason: z.string(REASON_RULE).max(500, REASON_RULE).optional(),
    })
    .refine((b) => b.failureReason === undefined || b.outcome === 'failed', {
      path: ['failureReason'],
      message: REASON_RULE,
    });
const BODIES = { deposit: transferBody('deposit'), withdraw: transferBody('withdraw') };
const EXPECTED = 'use portfolioId, currency, amount, outcome, failureReason';

/** The event each status of a transfer fires; a deposit never fails. */
const TRANSFER_EVENTS = {
  deposit: { created: 'deposit-created', completed: 'deposit-completed' },
  withdraw: { created: 'withdraw-created', completed: 'withdraw-completed', failed: 'withdraw-failed' },
} as const satisfies Record<TransferKind, Partial<Record<TransferStatus, SandboxFiredEvent>>>;

export function transferEvent(kind: TransferKind, status: TransferStatus): SandboxFiredEvent | undefined {
  const events: Partial<Record<TransferStatus, SandboxFiredEvent>> = TRANSFER_EVENTS[kind];
  return events[status];
}

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
): { transfer: Transfer; events: SandboxFiredEvent[] } {
  const { amount, outcome, currency, ...input } = parseOr400(BODIES[kind], body, { expected: EXPECTED });
  const reason = input.failureReason ?? 'Simulated failure';
  const caller = store.data.callerOrganizationId;
  const portfolioId =
    input.portfolioId ??
    store.data.portfolios.find((p) => p.organizationId === caller && p.portfolioType === 'custody')
      ?.portfolioId;
  if (portfolioId === undefined || store.portfolio(portfolioId) === undefined)
    throw badRequest('portfolioId: must be a sandbox portfolio (see GET /sandbox/info)');
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
  const events: SandboxFiredEvent[] = [TRANSFER_EVENTS[kind].created];
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
    const event = transferEvent(kind, transfer.status);
    if (event !== undefined) events.push(event);
    store.emit({ kind: 'transfer', transfer: { ...transfer } });
  }
  return { transfer, events };
}
