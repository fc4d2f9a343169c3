/**
 * The webhooks domain's views and input pieces, split from contract.ts to keep it readable;
 * contract.ts re-exports everything here, so `@shared/contract` stays the one import.
 */
import { z } from 'zod';

export const WEBHOOK_VERDICTS = ['valid', 'invalid', 'stale', 'malformed'] as const;
/** valid: signed by the workspace's key, timestamp in the window; stale: signed, but outside it. */
export type WebhookVerdict = (typeof WEBHOOK_VERDICTS)[number];

/** One delivery the local receiver got. The signature header is public; no secret is in here. */
export interface ReceivedWebhook {
  id: string;
  /** The workspace the receiver was running for: its key gave the verdict. */
  workspaceId: string;
  /** Epoch ms, receiver's clock. */
  receivedAt: string;
  /** The request path (any path is accepted). */
  path: string;
  /** From the body; null when it could not be read. */
  event: string | null;
  eventId: string | null;
  /** From the body, else the X-Id header. */
  subscriptionId: string | null;
  /** X-Timestamp as sent (epoch ms). */
  timestamp: string | null;
  headers: { 'X-Signature'?: string; 'X-Timestamp'?: string; 'X-Id'?: string; 'Content-Type'?: string };
  /** The body as received (UTF-8), at most 1 MB. */
  rawBody: string;
  /** The body's `payload`, parsed; null when the body is not JSON. */
  payload: unknown;
  verdict: WebhookVerdict;
  /** One sentence saying why. */
  reason: string;
  /** A POSIX-shell curl command that sends the same bytes and headers to the receiver again. */
  curl: string;
}

export interface WebhookReceiverStatus {
  running: boolean;
  port: number | null;
  /** e.g. http://127.0.0.1:<port>/webhooks: what a subscription should point at. */
  url: string | null;
  /** The workspace whose key verifies deliveries. */
  workspaceId: string | null;
  /** The stale window, either way, in ms. */
  windowMs: number;
  /** Deliveries in the log now. */
  received: number;
  /**
   * Requests refused before they were read or recorded: with a browser `Origin` (a web page aiming at
   * the receiver) or a non-JSON type. Counted so that the operator sees them, never shown as deliveries.
   */
  refused: { origin: number; contentType: number };
  notifications: {
    eventTypes: string[];
    /** True when the main side shows desktop notifications itself (Electron); else the renderer may. */
    native: boolean;
  };
}

export interface SandboxSubscription {
  subscriptionId: string;
  url: string;
  events: string[];
  portfolioIds: string[] | null;
  organizationId: string;
  createdAt: string;
}

export interface SandboxDeliveryAttempt {
  /** Epoch ms (also the X-Timestamp of that attempt). */
  at: string;
  status: number | null;
  latencyMs: number;
  error: string | null;
}

export interface SandboxDelivery {
  deliveryId: string;
  eventId: string;
  event: string;
  subscriptionId: string;
  url: string;
  createdAt: string;
  state: 'pending' | 'delivered' | 'retrying' | 'failed';
  attempts: SandboxDeliveryAttempt[];
  nextAttemptAt: string | null;
}

export interface WebhookVerification {
  verdict: WebhookVerdict;
  reason: string;
  event: string | null;
  eventId: string | null;
  subscriptionId: string | null;
  timestamp: string | null;
}

/** 0 picks a free port; below 1024 is refused (privileged, and never what the operator means). */
export const receiverPort = z
  .number()
  .int()
  .refine((p) => p === 0 || (p >= 1024 && p <= 65535), 'must be 0 (any free port) or 1024-65535');
export const webhookEventName = z.string().trim().min(1).max(100);
export const MAX_WEBHOOK_BODY_BYTES = 1024 * 1024;
