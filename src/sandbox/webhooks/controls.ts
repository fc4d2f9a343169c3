/**
 * Webhook controls under `/sandbox/` (guarded, JSON): subscriptions, the delivery log, and the
 * changes events fire from that the specification has no operation for: `POST
 * /sandbox/crypto-addresses`, `POST /sandbox/deposits`, `POST /sandbox/withdrawals`.
 */
import { randomBytes } from 'node:crypto';
import type { CryptoAddress } from '../../shared/platform/resources';
import { parseJsonObject } from '../body';
import type { ControlPanel } from '../controls';
import { badRequest } from '../errors';
import { optionalString } from '../fields';
import { CURRENCIES } from '../money';
import type { SandboxStore } from '../state/store';
import { simulateTransfer } from '../state/transfers';
import type { WebhookHub } from './hub';
import { parseSubscriptionInput, subscriptionView } from './subscriptions';

export interface WebhookControlDeps {
  store: SandboxStore;
  hub: WebhookHub;
}

function readLimit(query: URLSearchParams): number | undefined {
  const raw = query.get('limit');
  if (raw === null) return undefined;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > 1000)
    throw badRequest('limit must be an integer between 1 and 1000');
  return Number(raw);
}

function createAddress(store: SandboxStore, body: Record<string, unknown>): CryptoAddress {
  const currency = optionalString(body, 'currency', 20) ?? 'ETH';
  const info = CURRENCIES.find((c) => c.currency === currency);
  if (info === undefined)
    throw badRequest(`currency must be one of ${CURRENCIES.map((c) => c.currency).join(', ')}`);
  const organizationId = optionalString(body, 'organizationId') ?? store.data.callerOrganizationId;
  const org = store.organization(organizationId);
  if (org === undefined) throw badRequest('organizationId is not a sandbox organization');
  // Up to 10,000 characters: long and hostile names are what the console's rendering is tested with.
  const name = optionalString(body, 'name', 10_000) ?? `Webhook test address (${currency})`;
  const address =
    optionalString(body, 'address', 120) ??
    (info.mainCurrency === 'BTC'
      ? `bc1q${randomBytes(19).toString('hex')}`
      : `0x${randomBytes(20).toString('hex')}`);
  // eslint-disable-next-line no-control-regex -- the point is to refuse control characters
  if (/[\u0000-\u001f\s]/.test(address))
    throw badRequest('address must not contain spaces or control characters');
  const raw = body.portfolioIds;
  if (raw !== undefined && raw !== null && (!Array.isArray(raw) || raw.length > 20))
    throw badRequest('portfolioIds must be an array of at most 20 portfolio ids');
  const portfolioIds = (Array.isArray(raw) ? raw : []).map((id: unknown, i) => {
    if (typeof id !== 'string' || !store.isOwnPortfolio(id, organizationId))
      throw badRequest(`portfolioIds[${i}] is not a portfolio of the organization`);
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
    const subscriptionId = req.query.get('subscriptionId') ?? undefined;
    if (subscriptionId !== undefined && (subscriptionId === '' || subscriptionId.length > 200))
      throw badRequest('subscriptionId must be a subscription id');
    return { status: 200, json: { deliveries: hub.deliveries(subscriptionId, readLimit(req.query)) } };
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
