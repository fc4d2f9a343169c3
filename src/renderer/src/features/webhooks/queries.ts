/**
 * The webhooks tab's server state: the receiver's status (one receiver for the whole app, started
 * for one workspace), the received deliveries keyed by the workspace whose key verified them, and
 * the sandbox's subscriptions and delivery log per workspace. Deliveries arrive live by the
 * `webhook-received` event, written into the cache here.
 *
 * Each delivery carries the workspace whose key verified it (recorded by the main side when it
 * arrived), so a workspace only ever shows its own deliveries.
 */
import { mutationOptions, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { CallInput, ReceivedWebhook, WebhookReceiverStatus } from '@shared/contract';
import { copper } from '../../lib/api';
import { paramsQuery } from '../../state/queries';
import { prefetch, QueryFailure, queryClient, unwrap } from '../../state/query-client';
import { showWebNotification } from './notifications';

/** The main side keeps at most 1,000 deliveries; the renderer holds the same. */
export const RECEIVED_LIMIT = 1000;

// ---------------------------------------------------------------------------------------------
// The receiver

export const receiverStatusQuery = queryOptions({
  queryKey: ['webhooks.status'] as const,
  queryFn: () => unwrap(copper().webhooks.status({})),
  // One for the app: live deliveries read it whatever tab is shown.
  gcTime: Infinity,
});

const showStatus = (client: QueryClient, status: WebhookReceiverStatus) =>
  client.setQueryData(receiverStatusQuery.queryKey, status);

export type ReceiverCall =
  | { call: 'webhooks.startReceiver'; workspaceId: string; port: number }
  | { call: 'webhooks.stopReceiver' }
  | { call: 'webhooks.setNotifications'; eventTypes: string[] };

function runReceiverCall(c: ReceiverCall) {
  if (c.call === 'webhooks.startReceiver')
    return copper().webhooks.startReceiver({ workspaceId: c.workspaceId, port: c.port });
  if (c.call === 'webhooks.stopReceiver') return copper().webhooks.stopReceiver({});
  return copper().webhooks.setNotifications({ eventTypes: c.eventTypes });
}

/**
 * The calls that change the receiver, one at a time from its controls: each answers the new
 * status. A notification choice is shown at once (a checkbox must follow the click); the answer
 * then confirms or reverts it.
 */
export const receiverMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['webhooks.receiver'],
    mutationFn: (c: ReceiverCall) => unwrap(runReceiverCall(c)),
    onMutate: (c: ReceiverCall) => {
      const before = client.getQueryData(receiverStatusQuery.queryKey);
      if (c.call === 'webhooks.setNotifications' && before)
        showStatus(client, {
          ...before,
          notifications: { ...before.notifications, eventTypes: c.eventTypes },
        });
      return before;
    },
    onError: (_error, _c, before) => {
      if (before) showStatus(client, before);
    },
    onSuccess: (status) => showStatus(client, status),
  });

// ---------------------------------------------------------------------------------------------
// Received deliveries

const newestFirst = (a: ReceivedWebhook, b: ReceivedWebhook) => Number(b.id) - Number(a.id);

function maxId(entries: readonly ReceivedWebhook[]): number {
  return entries.reduce((m, e) => Math.max(m, Number(e.id)), 0);
}

export const receivedQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: [workspaceId, 'webhooks.list', { limit: RECEIVED_LIMIT }] as const,
    queryFn: async ({ client, queryKey }: { client: QueryClient; queryKey: QueryKey }) => {
      const [status, list] = await Promise.all([
        copper().webhooks.status({}),
        copper().webhooks.list({ workspaceId, limit: RECEIVED_LIMIT }),
      ]);
      if (!list.ok) throw new QueryFailure(list.error);
      if (status.ok) showStatus(client, status.value);
      // Deliveries that arrived live while the list was being read are kept.
      const listed = new Set(list.value.map((e) => e.id));
      const arrived = (client.getQueryData<ReceivedWebhook[]>(queryKey) ?? []).filter(
        (e) => !listed.has(e.id) && Number(e.id) > maxId(list.value),
      );
      return [...arrived, ...list.value].sort(newestFirst).slice(0, RECEIVED_LIMIT);
    },
  });

const isReceivedList = (q: { queryKey: QueryKey }) => q.queryKey[1] === 'webhooks.list';

/** Empties the receiver's log (every workspace's deliveries), then reads this workspace's again. */
export async function clearReceived(wsId: string, client = queryClient) {
  const res = await copper().webhooks.clear({});
  if (res.ok) {
    client.setQueriesData<ReceivedWebhook[]>({ predicate: isReceivedList }, (data) =>
      data === undefined ? undefined : [],
    );
    await client.invalidateQueries({ queryKey: receivedQuery(wsId).queryKey });
  }
  return res;
}

async function onReceived(client: QueryClient, entry: ReceivedWebhook): Promise<void> {
  let status = client.getQueryData(receiverStatusQuery.queryKey);
  // Started elsewhere (another window) or not read yet: ask once which workspace it is for.
  if (!status?.running) {
    const fresh = await copper().webhooks.status({});
    if (fresh.ok) showStatus(client, fresh.value);
    status = client.getQueryData(receiverStatusQuery.queryKey);
  }
  if (status) showStatus(client, { ...status, received: status.received + 1 });
  // Into the workspace's list when it was read (otherwise its first read brings it).
  client.setQueryData(receivedQuery(entry.workspaceId).queryKey, (data) =>
    data === undefined || data.some((e) => e.id === entry.id)
      ? data
      : [entry, ...data].slice(0, RECEIVED_LIMIT),
  );
  if (
    status &&
    !status.notifications.native &&
    entry.verdict === 'valid' &&
    entry.event !== null &&
    status.notifications.eventTypes.includes(entry.event)
  )
    showWebNotification(entry);
}

/** Called once by App: live deliveries and the first status. Returns the unsubscribe. */
export function subscribeWebhooks(client: QueryClient): () => void {
  const off = copper().events.on('webhook-received', (entry) => void onReceived(client, entry));
  prefetch(client, receiverStatusQuery);
  return off;
}

// ---------------------------------------------------------------------------------------------
// Sandbox subscriptions and delivery log; verifying a delivery captured elsewhere

export const subscriptionsQuery = (workspaceId: string) =>
  queryOptions({
    queryKey: [workspaceId, 'webhooks.sandboxSubscriptions', {}] as const,
    queryFn: () => unwrap(copper().webhooks.sandboxSubscriptions({ workspaceId })),
  });

export const deliveriesQuery = (workspaceId: string, subscriptionId: string | null) =>
  paramsQuery(workspaceId, 'webhooks.sandboxDeliveries', { subscriptionId }, () =>
    copper().webhooks.sandboxDeliveries({
      workspaceId,
      ...(subscriptionId ? { subscriptionId } : {}),
    }),
  );

/** Subscribes the running receiver to every event of the sandbox; the subscriptions are read again. */
export async function subscribeSandbox(workspaceId: string, client = queryClient) {
  const res = await copper().webhooks.subscribeSandbox({ workspaceId });
  if (res.ok) void client.invalidateQueries({ queryKey: subscriptionsQuery(workspaceId).queryKey });
  return res;
}

export async function unsubscribeSandbox(workspaceId: string, subscriptionId: string, client = queryClient) {
  const res = await copper().webhooks.unsubscribeSandbox({ workspaceId, subscriptionId });
  void client.invalidateQueries({ queryKey: subscriptionsQuery(workspaceId).queryKey });
  return res;
}

/** Checks a delivery against a workspace's key on the main side (nothing is stored). */
export function verifyWebhook(input: CallInput<'webhooks.verify'>) {
  return copper().webhooks.verify(input);
}
