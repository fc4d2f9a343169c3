/**
 * Webhook subscriptions: what a `POST /sandbox/webhooks/subscriptions` body must be, and the
 * record kept for it. The URL check is the one place that decides where the sandbox may send
 * traffic, so it is strict: http(s) to a loopback host only, whatever the caller asks.
 */
import {
  ALL_WEBHOOK_EVENT_TYPES,
  SANDBOX_FIRED_EVENTS,
  type AnyWebhookEventType,
} from '../../shared/platform/enums';
import type { JsonObjectBody } from '../body';
import { badRequest } from '../errors';

export interface Subscription {
  subscriptionId: string;
  url: string;
  events: readonly AnyWebhookEventType[];
  /** Undefined: every portfolio of the key's organization. */
  portfolioIds: readonly string[] | undefined;
  /** Whose secret signs the deliveries; the subscriber's organization is this key's. */
  apiKey: string;
  organizationId: string;
  createdAt: string;
}

export interface SubscriptionInput {
  url: URL;
  events: AnyWebhookEventType[];
  portfolioIds: string[] | undefined;
  apiKey: string | undefined;
}

const MAX_URL_LENGTH = 2000;
const MAX_PORTFOLIO_IDS = 100;
const KNOWN_EVENTS: ReadonlySet<string> = new Set(ALL_WEBHOOK_EVENT_TYPES);
const FIRED_EVENTS: ReadonlySet<string> = new Set(SANDBOX_FIRED_EVENTS);

/**
 * Loopback by the URL's canonical hostname: WHATWG URL parsing already turns `127.1` or
 * `0x7f.0.0.1` into `127.0.0.1`, so a dotted-quad test on the parsed name is enough.
 */
export function isLoopbackUrlHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(hostname);
  return m !== null && m.slice(1).every((octet) => Number(octet) <= 255);
}

function parseUrl(value: unknown): URL {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_URL_LENGTH)
    throw badRequest(`url is required: a string of at most ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest('url is not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw badRequest('url must start with http:// or https://');
  if (url.username !== '' || url.password !== '') throw badRequest('url must not contain credentials');
  if (!isLoopbackUrlHost(url.hostname)) {
    throw badRequest(
      'url must point at a loopback host (127.0.0.0/8, localhost or [::1]): the sandbox never sends traffic off this machine',
    );
  }
  return url;
}

function parseEvents(value: unknown): AnyWebhookEventType[] {
  const fired = [...FIRED_EVENTS].join(', ');
  if (!Array.isArray(value) || value.length === 0 || value.length > KNOWN_EVENTS.size)
    throw badRequest(`events must be a non-empty array of event names (${fired})`);
  const out = new Set<AnyWebhookEventType>();
  value.forEach((name: unknown, i) => {
    if (typeof name !== 'string' || !KNOWN_EVENTS.has(name))
      throw badRequest(`events[${i}] is not a known event name; use one of ${fired}`);
    if (!FIRED_EVENTS.has(name))
      throw badRequest(
        `events[${i}] "${name}" is never fired by the sandbox, so a subscription to it would receive nothing; use one of ${fired}`,
      );
    out.add(name as AnyWebhookEventType);
  });
  return [...out];
}

function parsePortfolioIds(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PORTFOLIO_IDS)
    throw badRequest(`portfolioIds must be a non-empty array of at most ${MAX_PORTFOLIO_IDS} portfolio ids`);
  return value.map((id: unknown, i) => {
    if (typeof id !== 'string' || id === '' || id.length > 200)
      throw badRequest(`portfolioIds[${i}] must be a portfolio id (a non-empty string)`);
    return id;
  });
}

export function parseSubscriptionInput(body: JsonObjectBody): SubscriptionInput {
  const apiKey = body.apiKey;
  if (apiKey !== undefined && apiKey !== null && (typeof apiKey !== 'string' || apiKey.length > 200))
    throw badRequest('apiKey must be a sandbox API key (a string)');
  return {
    url: parseUrl(body.url),
    events: parseEvents(body.events),
    portfolioIds: parsePortfolioIds(body.portfolioIds),
    apiKey: typeof apiKey === 'string' ? apiKey : undefined,
  };
}

/** What the controls answer about a subscription; the key's secret is never part of it. */
export function subscriptionView(s: Subscription): Record<string, unknown> {
  return {
    subscriptionId: s.subscriptionId,
    url: s.url,
    events: [...s.events],
    portfolioIds: s.portfolioIds === undefined ? null : [...s.portfolioIds],
    apiKey: s.apiKey,
    organizationId: s.organizationId,
    createdAt: s.createdAt,
  };
}
