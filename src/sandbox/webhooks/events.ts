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

/** The one event a record's change produces; its payload is a copy of the record. */
function eventOf(
  event: SandboxFiredEvent,
  organizationId: string,
  portfolioIds: readonly string[],
  record: unknown,
): WebhookEvent[] {
  return [{ event, organizationId, portfolioIds, payload: () => copy(record) }];
}

/** A record kept in one portfolio: its event goes to that portfolio's organization (none once it is gone). */
function portfolioEventOf(
  event: SandboxFiredEvent,
  record: { portfolioId: string },
  store: SandboxStore,
): WebhookEvent[] {
  const org = store.portfolio(record.portfolioId)?.organizationId;
  return org === undefined ? [] : eventOf(event, org, [record.portfolioId], record);
}

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
    case 'agent-wallet-activated':
      return portfolioEventOf('agent-wallet-activated', change.wallet, store);
    case 'clearloop-action-executed': {
      const { action } = change;
      const event =
        action.action === 'add-funds' ? 'clearloop-delegation-completed' : 'clearloop-undelegation-completed';
      return eventOf(event, action.organizationId, [action.clearLoopPortfolioId], action);
    }
    case 'order-completed':
      return portfolioEventOf('order-completed', change.order, store);
    case 'transfer': {
      const { transfer } = change;
      const event = transferEvent(transfer.orderType, transfer.status);
      if (event === undefined) return [];
      return eventOf(event, transfer.organizationId, [transfer.portfolioId], transfer);
    }
    case 'crypto-address-created': {
      const { address } = change;
      return eventOf('crypto-address-created', address.organizationId, address.portfolioIds, address);
    }
  }
}
