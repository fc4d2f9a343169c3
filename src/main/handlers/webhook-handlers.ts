/**
 * webhooks.*: the local receiver, the sandbox's subscriptions and delivery log, the verify tool and
 * desktop notifications. Verification always happens here on the main side with the workspace's
 * Signer; the secret never leaves the keychain and no answer carries it.
 */
import {
  type ReceivedWebhook,
  type WebhookReceiverStatus,
  MAX_WEBHOOK_BODY_BYTES,
} from '../../shared/contract';
import { SANDBOX_FIRED_EVENTS } from '../../shared/platform/enums';
import { fail, ok, type Result } from '../../shared/result';
import type { EventBus } from '../events/event-bus';
import type { KeyService } from '../keychain/key-service';
import type { Signer } from '../keychain/key-store';
import type { Logger } from '../log/logger';
import { controlUrlOf, type SandboxControls } from '../platform/sandbox-controls';
import type { PreferencesStore } from '../preferences/preferences-store';
import type { Notifier } from '../webhooks/notifier';
import type { WebhookReceiver } from '../webhooks/receiver';
import { verifyDelivery } from '../webhooks/verify';
import type { WorkspaceRecord, WorkspaceStore } from '../workspaces/workspace-store';
import type { HandlersFor } from './types';

export interface WebhookDeps {
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

export function registerWebhookHandlers(deps: WebhookDeps): HandlersFor<'webhooks'> {
  const now = deps.now ?? Date.now;
  let notifyTypes = new Set<string>(deps.preferences?.get('app').webhookNotifications ?? []);

  deps.receiver.onReceived((entry: ReceivedWebhook) => {
    deps.events.emit('webhook-received', entry);
    // Only verified deliveries: anyone on this machine can POST to the receiver.
    if (deps.notifier && entry.verdict === 'valid' && entry.event !== null && notifyTypes.has(entry.event)) {
      deps.notifier.notify(
        `Webhook: ${entry.event}`,
        `Subscription ${entry.subscriptionId ?? '?'}, signature valid`,
      );
    }
  });

  const status = (): WebhookReceiverStatus => ({
    ...deps.receiver.status(),
    windowMs: deps.receiver.windowMs,
    received: deps.receiver.size,
    notifications: { eventTypes: [...notifyTypes], native: deps.notifier !== null },
  });

  const signerOf = async (
    workspaceId: string,
  ): Promise<Result<{ workspace: WorkspaceRecord; signer: Signer }>> => {
    const workspace = deps.workspaces.get(workspaceId);
    if (!workspace.ok) return workspace;
    const signer = await deps.keys.signerFor(workspaceId);
    if (!signer.ok) return signer;
    if (signer.value === null)
      return fail(
        'no-key',
        `The workspace "${workspace.value.name}" has no API key, so deliveries cannot be verified.`,
      );
    return ok({ workspace: workspace.value, signer: signer.value });
  };

  const sandboxControlUrl = (workspaceId: string): Result<string> => {
    const workspace = deps.workspaces.get(workspaceId);
    if (!workspace.ok) return workspace;
    if (workspace.value.environment !== 'sandbox')
      return fail(
        'unsupported',
        'Subscriptions can be made here only for sandbox workspaces; use the platform web UI.',
      );
    return controlUrlOf(workspace.value.baseUrl);
  };

  return {
    'webhooks.status': async () => ok(status()),
    'webhooks.startReceiver': async ({ workspaceId, port }) => {
      const resolved = await signerOf(workspaceId);
      if (!resolved.ok) return resolved;
      try {
        await deps.receiver.start({
          workspaceId,
          port,
          signer: async () => {
            const current = await deps.keys.signerFor(workspaceId);
            return current.ok ? current.value : null;
          },
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'EADDRINUSE') return fail('io', `Port ${port} is already in use; choose another or 0.`);
        deps.log.error('webhooks', 'receiver failed to start', error);
        return fail('io', `The receiver could not start on port ${port}.`);
      }
      deps.log.info('webhooks', `receiver listening at ${deps.receiver.status().url ?? '?'}`);
      return ok(status());
    },
    'webhooks.stopReceiver': async () => {
      await deps.receiver.stop();
      return ok(status());
    },
    'webhooks.list': async (filter) => ok(deps.receiver.list(filter)),
    'webhooks.clear': async () => {
      deps.receiver.clear();
      return ok(null);
    },
    'webhooks.subscribeSandbox': async ({ workspaceId, events }) => {
      const controlUrl = sandboxControlUrl(workspaceId);
      if (!controlUrl.ok) return controlUrl;
      const receiver = deps.receiver.status();
      if (!receiver.running || receiver.url === null)
        return fail('bad-input', 'Start the receiver first: the subscription points at it.');
      if (receiver.workspaceId !== workspaceId)
        return fail(
          'bad-input',
          'The receiver verifies with another workspace\'s key; restart it for this workspace first, or every delivery would be "invalid".',
        );
      const resolved = await signerOf(workspaceId);
      if (!resolved.ok) return resolved;
      // The sandbox signs with this key's secret, which is the one the receiver verifies with.
      return deps.controls.subscribe(controlUrl.value, {
        url: receiver.url,
        // The sandbox refuses names it never fires, so "everything" means everything it fires.
        events: events ?? SANDBOX_FIRED_EVENTS,
        apiKey: resolved.value.signer.apiKey,
      });
    },
    'webhooks.sandboxSubscriptions': async ({ workspaceId }) => {
      const controlUrl = sandboxControlUrl(workspaceId);
      return controlUrl.ok ? deps.controls.subscriptions(controlUrl.value) : controlUrl;
    },
    'webhooks.unsubscribeSandbox': async ({ workspaceId, subscriptionId }) => {
      const controlUrl = sandboxControlUrl(workspaceId);
      return controlUrl.ok ? deps.controls.unsubscribe(controlUrl.value, subscriptionId) : controlUrl;
    },
    'webhooks.sandboxDeliveries': async ({ workspaceId, subscriptionId }) => {
      const controlUrl = sandboxControlUrl(workspaceId);
      return controlUrl.ok ? deps.controls.deliveries(controlUrl.value, subscriptionId) : controlUrl;
    },
    'webhooks.verify': async ({ workspaceId, headers, body }) => {
      const rawBody = Buffer.from(body, 'utf8');
      if (rawBody.length > MAX_WEBHOOK_BODY_BYTES) return fail('bad-input', 'body: is larger than 1 MB');
      const resolved = await signerOf(workspaceId);
      if (!resolved.ok) return resolved;
      const v = verifyDelivery({
        signer: resolved.value.signer,
        headers,
        rawBody,
        now: now(),
        windowMs: deps.receiver.windowMs,
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
    },
    'webhooks.setNotifications': async ({ eventTypes }) => {
      notifyTypes = new Set(eventTypes);
      try {
        await deps.preferences?.update('app', { webhookNotifications: [...notifyTypes] });
      } catch (error) {
        deps.log.error('webhooks', 'could not save the notification choices', error);
        return fail('io', 'The notification choices apply now but could not be saved for the next start.');
      }
      return ok(status());
    },
  };
}
