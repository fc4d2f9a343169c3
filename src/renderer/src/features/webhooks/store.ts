/**
 * The webhooks slice: the receiver's status (one receiver for the whole app, started for one
 * workspace), the received deliveries keyed by the workspace whose key verified them, and the
 * sandbox's subscriptions and delivery log per workspace.
 *
 * Each delivery carries the workspace whose key verified it (recorded by the main side when it
 * arrived), so a workspace only ever shows its own deliveries.
 */
import { create } from 'zustand';
import type { ReceivedWebhook, WebhookReceiverStatus } from '@shared/contract';
import { ok, type AppError, type Result } from '@shared/result';
import { copper } from '../../lib/api';
import { createWorkspaceQuery } from '../../state/workspace-query';
import { showWebNotification } from './notifications';

/** The main side keeps at most 1,000 deliveries; the renderer holds the same. */
export const RECEIVED_LIMIT = 1000;

interface ReceiverState {
  status: WebhookReceiverStatus | null;
  error: AppError | null;
  busy: boolean;
}

export const useReceiverStore = create<ReceiverState>()(() => ({ status: null, error: null, busy: false }));

async function runStatusCall(call: () => Promise<Result<WebhookReceiverStatus>>): Promise<boolean> {
  useReceiverStore.setState({ busy: true, error: null });
  const res = await call();
  if (res.ok) useReceiverStore.setState({ status: res.value, busy: false, error: null });
  else useReceiverStore.setState({ busy: false, error: res.error });
  return res.ok;
}

export const receiverActions = {
  refresh: () => runStatusCall(() => copper().webhooks.status({})),
  start: (workspaceId: string, port: number) =>
    runStatusCall(() => copper().webhooks.startReceiver({ workspaceId, port })),
  stop: () => runStatusCall(() => copper().webhooks.stopReceiver({})),
  setNotifications: (eventTypes: string[]) => {
    // Shown at once (a checkbox must follow the click); the answer then confirms or reverts it.
    const status = useReceiverStore.getState().status;
    if (status)
      useReceiverStore.setState({
        status: { ...status, notifications: { ...status.notifications, eventTypes } },
      });
    return runStatusCall(() => copper().webhooks.setNotifications({ eventTypes })).then((done) => {
      if (!done && status) useReceiverStore.setState({ status });
      return done;
    });
  },
};

// ---------------------------------------------------------------------------------------------
// Received deliveries

const newestFirst = (a: ReceivedWebhook, b: ReceivedWebhook) => Number(b.id) - Number(a.id);

export const receivedQuery = createWorkspaceQuery(
  async (wsId: string, _params: Record<string, never>): Promise<Result<ReceivedWebhook[]>> => {
    const [status, list] = await Promise.all([
      copper().webhooks.status({}),
      copper().webhooks.list({ workspaceId: wsId, limit: RECEIVED_LIMIT }),
    ]);
    if (!list.ok) return list;
    if (status.ok) useReceiverStore.setState({ status: status.value });
    // Deliveries that arrived live while the list was being read are kept.
    const listed = new Set(list.value.map((e) => e.id));
    const arrived = (receivedQuery.get(wsId).data ?? []).filter(
      (e) => !listed.has(e.id) && Number(e.id) > maxId(list.value),
    );
    return ok([...arrived, ...list.value].sort(newestFirst).slice(0, RECEIVED_LIMIT));
  },
);

function maxId(entries: readonly ReceivedWebhook[]): number {
  return entries.reduce((m, e) => Math.max(m, Number(e.id)), 0);
}
export const NO_PARAMS: Record<string, never> = {};

export async function clearReceived(wsId: string): Promise<Result<null>> {
  const res = await copper().webhooks.clear({});
  if (res.ok) {
    receivedQuery.update(wsId, () => []);
    await receivedQuery.load(wsId, NO_PARAMS, true);
  }
  return res;
}

async function onReceived(entry: ReceivedWebhook): Promise<void> {
  let status = useReceiverStore.getState().status;
  // Started elsewhere (another window) or not read yet: ask once which workspace it is for.
  if (!status?.running) {
    const fresh = await copper().webhooks.status({});
    if (fresh.ok) useReceiverStore.setState({ status: fresh.value });
    status = useReceiverStore.getState().status;
  }
  if (status) useReceiverStore.setState({ status: { ...status, received: status.received + 1 } });
  receivedQuery.update(entry.workspaceId, (data) =>
    data.some((e) => e.id === entry.id) ? data : [entry, ...data].slice(0, RECEIVED_LIMIT),
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
export function subscribeWebhooks(): () => void {
  const off = copper().events.on('webhook-received', (entry) => void onReceived(entry));
  void receiverActions.refresh();
  return off;
}

// ---------------------------------------------------------------------------------------------
// Sandbox subscriptions and delivery log

export const subscriptionsQuery = createWorkspaceQuery((wsId: string, _p: Record<string, never>) =>
  copper().webhooks.sandboxSubscriptions({ workspaceId: wsId }),
);

export const deliveriesQuery = createWorkspaceQuery((wsId: string, p: { subscriptionId: string | null }) =>
  copper().webhooks.sandboxDeliveries({
    workspaceId: wsId,
    ...(p.subscriptionId ? { subscriptionId: p.subscriptionId } : {}),
  }),
);
