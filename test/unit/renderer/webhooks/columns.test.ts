/** Webhook columns under nulls and numbers (issue 25): the events' fields come from the network. */
import { describe, it } from 'vitest';
import { deliveryColumns, receivedColumns } from '../../../../src/renderer/src/features/webhooks/columns';
import type { ReceivedWebhook, SandboxDelivery } from '../../../../src/shared/contract';
import { renderColumns } from '../hostile/hostile-rows';

const received = {
  id: 1,
  receivedAt: '1750010531653',
  event: 'loan.updated',
  verdict: 'valid',
  reason: 'signature ok',
  subscriptionId: 's1',
  eventId: 'e1',
  path: '/hook',
} as unknown as ReceivedWebhook;
const delivery = {
  deliveryId: 'd1',
  createdAt: '1750010531653',
  event: 'loan.updated',
  state: 'delivered',
  attempts: [{ status: 200, latencyMs: 12, error: null }],
  nextAttemptAt: '1750010531653',
  url: 'http://x',
  subscriptionId: 's1',
  eventId: 'e1',
} as unknown as SandboxDelivery;

describe('webhook columns', () => {
  it('render and sort every variant of a received event', () => renderColumns(receivedColumns, received));
  it('render and sort every variant of a delivery', () => renderColumns(deliveryColumns, delivery));
});
