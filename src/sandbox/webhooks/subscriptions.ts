/**
 * Webhook subscriptions: what a `POST /sandbox/webhooks/subscriptions` body must be, and the
 * record kept for it. The URL check is the one place that decides where the sandbox may send
 * traffic, so it is strict: http(s) to a loopback host only, whatever the caller asks.
 */
import { z } from 'zod';
import {
  ALL_WEBHOOK_EVENT_TYPES,
  SANDBOX_FIRED_EVENTS,
  type AnyWebhookEventType,
} from '../../shared/platform/enums';
import type { JsonObjectBody } from '../body';
import { parseOr400 } from '../validation';

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

const canParseUrl = (v: string): boolean => URL.canParse(v);

const subscriptionUrl = z
  .string(`is required: a string of at most ${MAX_URL_LENGTH} characters`)
  .trim()
  .min(1, `is required: a string of at most ${MAX_URL_LENGTH} characters`)
  .max(MAX_URL_LENGTH, `must be at most ${MAX_URL_LENGTH} characters`)
  .refine(canParseUrl, { message: 'is not a valid absolute URL', abort: true })
  .transform((v) => new URL(v))
  .refine((u) => u.protocol === 'http:' || u.protocol === 'https:', {
    message: 'must start with http:// or https://',
    abort: true,
  })
  .refine((u) => u.username === '' && u.password === '', {
    message: 'must not contain credentials',
    abort: true,
  })
  .refine((u) => isLoopbackUrlHost(u.hostname), {
    message:
      'must point at a loopback host (127.0.0.0/8, localhost or [::1]): the sandbox never sends traffic off this machine',
  });

const FIRED_LIST = SANDBOX_FIRED_EVENTS.join(', ');

const eventName = z
  .string(`must be an event name; use one of ${FIRED_LIST}`)
  .refine((name) => KNOWN_EVENTS.has(name), {
    message: `is not a known event name; use one of ${FIRED_LIST}`,
    abort: true,
  })
  .refine((name) => FIRED_EVENTS.has(name), {
    error: (issue) =>
      `"${String(issue.input)}" is never fired by the sandbox, so a subscription to it would receive nothing; use one of ${FIRED_LIST}`,
  })
  .transform((name) => name as AnyWebhookEventType);

const subscriptionBody = z.strictObject({
  url: subscriptionUrl,
  events: z
    .array(eventName, `must be a non-empty array of event names (${FIRED_LIST})`)
    .min(1, `must be a non-empty array of event names (${FIRED_LIST})`)
    .max(KNOWN_EVENTS.size, `must name each event once (${FIRED_LIST})`)
    .transform((events) => [...new Set(events)]),
  portfolioIds: z
    .array(
      z.string('must be a portfolio id (a non-empty string)').min(1, 'must be a portfolio id').max(200),
      `must be a non-empty array of at most ${MAX_PORTFOLIO_IDS} portfolio ids`,
    )
    .min(1, `must be a non-empty array of at most ${MAX_PORTFOLIO_IDS} portfolio ids`)
    .max(MAX_PORTFOLIO_IDS, `must be a non-empty array of at most ${MAX_PORTFOLIO_IDS} portfolio ids`)
    .nullish(),
  apiKey: z.string('must be a sandbox API key (a string)').max(200, 'must be a sandbox API key').nullish(),
});

export function parseSubscriptionInput(body: JsonObjectBody): SubscriptionInput {
  const input = parseOr400(subscriptionBody, body, {
    expected: 'a subscription has url, events, portfolioIds?, apiKey?',
  });
  return {
    url: input.url,
    events: input.events,
    portfolioIds: input.portfolioIds ?? undefined,
    apiKey: input.apiKey ?? undefined,
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
