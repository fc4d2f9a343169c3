/**
 * From a state change to the webhook events it produces: which event name, for which
 * organization, under which portfolios (for the subscription's portfolio filter), with what
 * payload. A loan change is one event per party, each with that party's view of the loan.
 */
import type { SandboxFiredEvent } from '../../shared/platform/enums';
import { sideOf, viewLoan } from '../routes/loan-view';
import type { SandboxStore, StateChange } from '../state/store';
import { transferEvent } from '../state/transfers';

export interface WebhookEvent {
  /** Only events the sandbox says it fires (enums.ts), so a subscription can ask for each. */
  event: SandboxFiredEvent;
  organizationId: string;
  /** The resource's portfolio(s); empty when it has none (then a portfolio filter never matches). */
  portfolioIds: readonly string[];
  /** Built only when some subscription wants the event. */
  payload: () => unknown;
}

/** Copies a stored record so that later in-place changes do not alter a queued payload. */
const copy = <T>(value: T): T => structuredClone(value);

export function webhookEventsFor(change: StateChange, store: SandboxStore): WebhookEvent[] {
  switch (change.kind) {
    case 'loan-updated': {
      const { loan, action } = change;
      const parties = new Set([loan.lenderOrganizationId, loan.borrowerOrganizationId]);
      const out: WebhookEvent[] = [];
      for (const org of parties) {
        if (org === undefined || org === '' || store.organization(org) === undefined) continue;
        const portfolio = sideOf(loan, org) === 'lend' ? loan.lenderPortfolioId : loan.borrowerPortfolioId;
        out.push({
          event: 'loan-updated',
          organizationId: org,
          portfolioIds: portfolio === undefined || portfolio === '' ? [] : [portfolio],
          payload: () => ({ action, loan: copy(viewLoan(loan, org)) }),
        });
      }
      return out;
    }
    case 'agent-wallet-activated': {
      const { wallet } = change;
      const org = store.portfolio(wallet.portfolioId)?.organizationId;
      if (org === undefined) return [];
      return [
        {
          event: 'agent-wallet-activated',
          organizationId: org,
          portfolioIds: [wallet.portfolioId],
          payload: () => copy(wallet),
        },
      ];
    }
    case 'clearloop-action-executed': {
      const { action } = change;
      return [
        {
          event:
            action.action === 'add-funds'
              ? 'clearloop-delegation-completed'
              : 'clearloop-undelegation-completed',
          organizationId: action.organizationId,
          portfolioIds: [action.clearLoopPortfolioId],
          payload: () => copy(action),
        },
      ];
    }
    case 'order-completed': {
      const { order } = change;
      const org = store.portfolio(order.portfolioId)?.organizationId;
      if (org === undefined) return [];
      return [
        {
          event: 'order-completed',
          organizationId: org,
          portfolioIds: [order.portfolioId],
          payload: () => copy(order),
        },
      ];
    }
    case 'transfer': {
      const { transfer } = change;
      const event = transferEvent(transfer.orderType, transfer.status);
      if (event === undefined) return [];
      return [
        {
          event,
          organizationId: transfer.organizationId,
          portfolioIds: [transfer.portfolioId],
          payload: () => copy(transfer),
        },
      ];
    }
    case 'crypto-address-created': {
      const { address } = change;
      return [
        {
          event: 'crypto-address-created',
          organizationId: address.organizationId,
          portfolioIds: address.portfolioIds,
          payload: () => copy(address),
        },
      ];
    }
  }
}
