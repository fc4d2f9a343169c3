/**
 * From a sandbox state change to its webhook events (src/sandbox/webhooks/events.ts): the event,
 * organization and portfolios of a record's change, and a payload that is a copy of the record,
 * so that a later change of the stored record does not alter what is being delivered.
 */
import { describe, expect, it } from 'vitest';
import type { SandboxStore } from '../../../src/sandbox/state/store';
import { webhookEventsFor } from '../../../src/sandbox/webhooks/events';
import type { AgentWallet, ClearLoopAction, CryptoAddress } from '../../../src/shared/platform/resources';

const noStore = {} as SandboxStore;

describe('webhookEventsFor', () => {
  it('a new crypto address: one event for its organization and portfolios, its payload a copy', () => {
    const address = {
      cryptoAddressId: 'a1',
      name: 'cold',
      organizationId: 'org-1',
      portfolioIds: ['p1', 'p2'],
    };
    const [event, ...more] = webhookEventsFor(
      { kind: 'crypto-address-created', address: address as unknown as CryptoAddress },
      noStore,
    );
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      event: 'crypto-address-created',
      organizationId: 'org-1',
      portfolioIds: ['p1', 'p2'],
    });
    const payload = event?.payload();
    address.name = 'renamed later';
    expect(payload).toEqual({ ...address, name: 'cold' });
  });

  it('a ClearLoop action names delegation or undelegation by its direction', () => {
    const action = (direction: string) =>
      ({
        action: direction,
        organizationId: 'org-1',
        clearLoopPortfolioId: 'cl-1',
      }) as unknown as ClearLoopAction;
    const events = (direction: string) =>
      webhookEventsFor({ kind: 'clearloop-action-executed', action: action(direction) }, noStore);
    expect(events('add-funds').map((e) => [e.event, e.portfolioIds])).toEqual([
      ['clearloop-delegation-completed', ['cl-1']],
    ]);
    expect(events('remove-funds').map((e) => e.event)).toEqual(['clearloop-undelegation-completed']);
  });

  it('an agent wallet goes to its portfolio’s organization, and nowhere once the portfolio is gone', () => {
    const store = {
      portfolio: (id: string) => (id === 'p1' ? { organizationId: 'org-1' } : undefined),
    } as unknown as SandboxStore;
    const wallet = (portfolioId: string) => ({ id: 'w1', portfolioId }) as unknown as AgentWallet;
    const [event] = webhookEventsFor({ kind: 'agent-wallet-activated', wallet: wallet('p1') }, store);
    expect(event).toMatchObject({
      event: 'agent-wallet-activated',
      organizationId: 'org-1',
      portfolioIds: ['p1'],
    });
    expect(event?.payload()).toEqual({ id: 'w1', portfolioId: 'p1' });
    expect(webhookEventsFor({ kind: 'agent-wallet-activated', wallet: wallet('gone') }, store)).toEqual([]);
  });
});
