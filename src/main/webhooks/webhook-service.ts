/**
 * The webhook desk of the main side: the local receiver, the sandbox's subscriptions and delivery
 * log, the verify tool and desktop notifications. Verification always happens here with the
 * workspace's Signer; the secret never leaves the keychain and no answer carries it.
 *
 * handlers/webhook-handlers.ts checks what the renderer sent and calls this service.
 */
import type {
  ReceivedWebhook,
  SandboxDelivery,
  SandboxSubscription,
  WebhookReceiverStatus,
  WebhookVerification,
} from '../../shared/contract';
import { SANDBOX_FIRED_EVENTS } from '../../shared/platform/enums';
import { fail, ok, type Result } from '../../shared/result';
import type { EventBus } from '../events/event-bus';
import type { KeyService } from '../keychain/key-service';
import type { Signer } from '../keychain/key-store';
import type { Logger } from '../log/logger';
import { controlUrlOf, type SandboxControls } from '../platform/sandbox-controls';
import type { PreferencesStore } from '../preferences/preferences-store';
import type { WorkspaceRecord, WorkspaceStore } from '../workspaces/workspace-store';
import type { Notifier } from './notifier';
import type { ReceivedFilter, WebhookReceiver } from './receiver';
import { verifyDelivery } from './verify';

export interface WebhookServiceDeps {
  receiver: WebhookReceiver;
  controls: SandboxControls;
  workspaces: WorkspaceStore;
  keys: KeyService;
  events: EventBus;
  log: Logger;
  /** Null in browser mode: the renderer notifies with the Web Notification API. */
  notifier: Notifier | null;
  now?: () => number;
  /** Where the notification choices persist across restarts; in memory only when omitted. */
  preferences?: PreferencesStore;
}

/** The signed headers of a delivery captured elsewhere (the verify tool). A type, not an interface: verify.ts reads it as a header bag. */
export type DeliveryHeaders = {
  'X-Signature': string;
  'X-Timestamp': string;
  'X-Id'?: string;
};

export class WebhookService {
  private readonly now: () => number;
  private notifyTypes: Set<string>;

  constructor(private readonly deps: WebhookServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.notifyTypes = new Set<string>(deps.preferences?.get('app').webhookNotifications ?? []);
    deps.receiver.onReceived((entry) => this.received(entry));
  }

  status(): WebhookReceiverStatus {
    const { receiver, notifier } = this.deps;
    return {
      ...receiver.status(),
      windowMs: receiver.windowMs,
      received: receiver.size,
      notifications: { eventTypes: [...this.notifyTypes], native: notifier !== null },
    };
  }

  /** Starts (or restarts) the receiver, verifying each delivery with the workspace's current key. */
  async startReceiver(workspaceId: string, port: number): Promise<Result<WebhookReceiverStatus>> {
    const resolved = await this.signerOf(workspaceId);
    if (!resolved.ok) return resolved;
    const { receiver, keys, log } = this.deps;
    try {
      await receiver.start({
        workspaceId,
        port,
        signer: async () => {
          const current = await keys.signerFor(workspaceId);
          return current.ok ? current.value : null;
        },
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'EADDRINUSE') return fail('io', `Port ${port} is already in use; choose another or 0.`);
      log.error('webhooks', 'receiver failed to start', error);
      return fail('io', `The receiver could not start on port ${port}.`);
    }
    log.info('webhooks', `receiver listening at ${receiver.status().url ?? '?'}`);
    return ok(this.status());
  }

  async stopReceiver(): Promise<WebhookReceiverStatus> {
    await this.deps.receiver.stop();
    return this.status();
  }

  list(filter: ReceivedFilter): ReceivedWebhook[] {
    return this.deps.receiver.list(filter);
  }

  clear(): void {
    this.deps.receiver.clear();
  }

  /** Subscribes the running receiver at the workspace's sandbox, signed with the key it verifies with. */
  async subscribeSandbox(
    workspaceId: string,
    events: readonly string[] | undefined,
  ): Promise<Result<SandboxSubscription>> {
    const controlUrl = this.sandboxControlUrl(workspaceId);
    if (!controlUrl.ok) return controlUrl;
    const receiver = this.deps.receiver.status();
    if (!receiver.running || receiver.url === null)
      return fail('bad-input', 'Start the receiver first: the subscription points at it.');
    if (receiver.workspaceId !== workspaceId)
      return fail(
        'bad-input',
        'The receiver verifies with another workspace\'s key; restart it for this workspace first, or every delivery would be "invalid".',
      );
    const resolved = await this.signerOf(workspaceId);
    if (!resolved.ok) return resolved;
    // The sandbox signs with this key's secret, which is the one the receiver verifies with.
    return this.deps.controls.subscribe(controlUrl.value, {
      url: receiver.url,
      // The sandbox refuses names it never fires, so "everything" means everything it fires.
      events: events ?? SANDBOX_FIRED_EVENTS,
      apiKey: resolved.value.signer.apiKey,
    });
  }

  async sandboxSubscriptions(workspaceId: string): Promise<Result<SandboxSubscription[]>> {
    const controlUrl = this.sandboxControlUrl(workspaceId);
    return controlUrl.ok ? this.deps.controls.subscriptions(controlUrl.value) : controlUrl;
  }

  async unsubscribeSandbox(workspaceId: string, subscriptionId: string): Promise<Result<{ deleted: true }>> {
    const controlUrl = this.sandboxControlUrl(workspaceId);
    return controlUrl.ok ? this.deps.controls.unsubscribe(controlUrl.value, subscriptionId) : controlUrl;
  }

  async sandboxDeliveries(workspaceId: string, subscriptionId?: string): Promise<Result<SandboxDelivery[]>> {
    const controlUrl = this.sandboxControlUrl(workspaceId);
    return controlUrl.ok ? this.deps.controls.deliveries(controlUrl.value, subscriptionId) : controlUrl;
  }

  /** Checks a delivery captured elsewhere with the workspace's key: the receiver's own check. */
  async verify(
    workspaceId: string,
    headers: DeliveryHeaders,
    rawBody: Buffer,
  ): Promise<Result<WebhookVerification>> {
    const resolved = await this.signerOf(workspaceId);
    if (!resolved.ok) return resolved;
    const v = verifyDelivery({
      signer: resolved.value.signer,
      headers,
      rawBody,
      now: this.now(),
      windowMs: this.deps.receiver.windowMs,
    });
    // The payload is the operator's own paste: not echoed back.
    return ok({
      verdict: v.verdict,
      reason: v.reason,
      event: v.event,
      eventId: v.eventId,
      subscriptionId: v.subscriptionId,
      timestamp: v.timestamp,
    });
  }

  /** Applies at once; saved for the next start where a preferences store was given. */
  async setNotifications(eventTypes: readonly string[]): Promise<Result<WebhookReceiverStatus>> {
    this.notifyTypes = new Set(eventTypes);
    try {
      await this.deps.preferences?.update('app', { webhookNotifications: [...this.notifyTypes] });
    } catch (error) {
      this.deps.log.error('webhooks', 'could not save the notification choices', error);
      return fail('io', 'The notification choices apply now but could not be saved for the next start.');
    }
    return ok(this.status());
  }

  private received(entry: ReceivedWebhook): void {
    this.deps.events.emit('webhook-received', entry);
    const { notifier } = this.deps;
    // Only verified deliveries: anyone on this machine can POST to the receiver.
    if (notifier && entry.verdict === 'valid' && entry.event !== null && this.notifyTypes.has(entry.event)) {
      notifier.notify(
        `Webhook: ${entry.event}`,
        `Subscription ${entry.subscriptionId ?? '?'}, signature valid`,
      );
    }
  }

  private async signerOf(
    workspaceId: string,
  ): Promise<Result<{ workspace: WorkspaceRecord; signer: Signer }>> {
    const workspace = this.deps.workspaces.get(workspaceId);
    if (!workspace.ok) return workspace;
    const signer = await this.deps.keys.signerFor(workspaceId);
    if (!signer.ok) return signer;
    if (signer.value === null)
      return fail(
        'no-key',
        `The workspace "${workspace.value.name}" has no API key, so deliveries cannot be verified.`,
      );
    return ok({ workspace: workspace.value, signer: signer.value });
  }

  private sandboxControlUrl(workspaceId: string): Result<string> {
    const workspace = this.deps.workspaces.get(workspaceId);
    if (!workspace.ok) return workspace;
    if (workspace.value.environment !== 'sandbox')
      return fail(
        'unsupported',
        'Subscriptions can be made here only for sandbox workspaces; use the platform web UI.',
      );
    return controlUrlOf(workspace.value.baseUrl);
  }
}
