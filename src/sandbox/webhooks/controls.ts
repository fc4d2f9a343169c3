/**
 * Webhook controls under `/sandbox/` (guarded, JSON): subscriptions, the delivery log, and the
 * changes events fire from that the specification has no operation for: `POST
 * /sandbox/crypto-addresses`, `POST /sandbox/deposits`, `POST /sandbox/withdrawals`.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { CryptoAddress } from '../../shared/platform/resources';
import { parseJsonObject } from '../body';
import type { ControlPanel } from '../controls';
import { badRequest } from '../errors';
import { controlQuerySchema, param, parseQuery } from '../query';
import { CURRENCIES } from '../money';
import type { SandboxStore } from '../state/store';
import { simulateTransfer } from '../state/transfers';
import type { WebhookHub } from './hub';
import { parseOr400 } from '../validation';
import { parseSubscriptionInput, subscriptionView } from './subscriptions';

export interface WebhookControlDeps {
  store: SandboxStore;
  hub: WebhookHub;
}

/** `GET /sandbox/webhooks/deliveries?subscriptionId=&limit=`. */
const deliveryQuery = controlQuerySchema({
  subscriptionId: param.string(200).optional(),
  limit: param.int(1, 1000).optional(),
});

const text = (max: number) =>
  z
    .string('must be a string')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => v.trim() !== '', 'must not be blank');

const addressBody = z.strictObject({
  currency: z
    .enum(
      CURRENCIES.map((c) => c.currency) as [string, ...string[]],
      `must be one of ${CURRENCIES.map((c) => c.currency).join(', ')}`,
    )
    .default('ETH'),
  organizationId: text(200).nullish(),
  // Up to 10,000 characters: long and hostile names are what the console's rendering is tested with.
  name: text(10_000).nullish(),
  address: text(120)
    // eslint-disable-next-line no-control-regex -- the point is to refuse control characters
    .regex(/^[^\u0000-\u001f\s]+$/, 'must not contain spaces or control characters')
    .nullish(),
  portfolioIds: z
    .array(z.string('must be a portfolio id'), 'must be an array of at most 20 portfolio ids')
    .max(20, 'must be an array of at most 20 portfolio ids')
    .nullish(),
});

function createAddress(store: SandboxStore, raw: Record<string, unknown>): CryptoAddress {
  const body = parseOr400(addressBody, raw, {
    expected: 'the body is {currency?, organizationId?, name?, address?, portfolioIds?}',
  });
  const currency = body.currency;
  const info = CURRENCIES.find((c) => c.currency === currency);
  if (info === undefined) throw badRequest(`currency: is not a sandbox currency`);
  const organizationId = body.organizationId ?? store.data.callerOrganizationId;
  const org = store.organization(organizationId);
  if (org === undefined) throw badRequest('organizationId: is not a sandbox organization');
  const name = body.name ?? `Webhook test address (${currency})`;
  const address =
    body.address ??
    (info.mainCurrency === 'BTC'
      ? `bc1q${randomBytes(19).toString('hex')}`
      : `0x${randomBytes(20).toString('hex')}`);
  const portfolioIds = (body.portfolioIds ?? []).map((id, i) => {
    if (!store.isOwnPortfolio(id, organizationId))
      throw badRequest(`portfolioIds[${i}]: is not a portfolio of the organization`);
    return id;
  });
  const now = String(store.now());
  const userId = org.userIds[0] ?? '';
  const cryptoAddressId = store.newId();
  const record: CryptoAddress = {
    address,
    addressType: 'externally-owned-account',
    createdAt: now,
    createdBy: userId,
    cryptoAddressId,
    currency,
    name,
    isWhitelist: false,
    _embedded: {
      currencyConfigurations: [
        {
          createdAt: now,
          createdBy: userId,
          cryptoAddressId,
          currency,
          currencyConfigurationId: store.newId(),
          isWhitelist: false,
          extra: {},
          portfolioIds,
          updatedAt: now,
          updatedBy: userId,
        },
      ],
    },
    acceptTokens: info.mainCurrency === 'ETH',
    addressTags: [],
    category: 'unknown',
    extra: {},
    mainCurrency: info.mainCurrency,
    organizationId,
    updatedAt: now,
    updatedBy: userId,
    portfolioIds,
  };
  let list = store.data.cryptoAddresses.get(organizationId);
  if (list === undefined) {
    list = [];
    store.data.cryptoAddresses.set(organizationId, list);
  }
  // The list is kept newest first.
  list.unshift(record);
  store.recordActivity(organizationId, 'new-crypto-address', `Crypto address ${name} added`, userId);
  store.emit({ kind: 'crypto-address-created', address: record });
  return record;
}

export function registerWebhookControls(panel: ControlPanel, deps: WebhookControlDeps): void {
  const { hub, store } = deps;
  panel.register('POST', '/webhooks/subscriptions', (req) => {
    const sub = hub.subscribe(parseSubscriptionInput(parseJsonObject(req.body)));
    return { status: 201, json: subscriptionView(sub) };
  });
  panel.register('GET', '/webhooks/subscriptions', () => ({
    status: 200,
    json: { subscriptions: hub.subscriptions().map(subscriptionView) },
  }));
  panel.register('DELETE', '/webhooks/subscriptions/:id', (_req, params) => ({
    status: 200,
    json: { deleted: true, subscription: subscriptionView(hub.unsubscribe(params.id ?? '')) },
  }));
  panel.register('GET', '/webhooks/deliveries', (req) => {
    const { subscriptionId, limit } = parseQuery(deliveryQuery, req.query);
    return { status: 200, json: { deliveries: hub.deliveries(subscriptionId, limit) } };
  });
  panel.register('POST', '/deposits', (req) => ({
    status: 201,
    json: simulateTransfer(store, 'deposit', parseJsonObject(req.body, true)),
  }));
  panel.register('POST', '/withdrawals', (req) => ({
    status: 201,
    json: simulateTransfer(store, 'withdraw', parseJsonObject(req.body, true)),
  }));
  panel.register('POST', '/crypto-addresses', (req) => ({
    status: 201,
    json: createAddress(store, parseJsonObject(req.body, true)),
  }));
}
