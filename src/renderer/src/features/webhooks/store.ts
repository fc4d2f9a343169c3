/**
 * The webhooks slice: the receiver's status (one receiver for the whole app, started for one
 * workspace), the received deliveries keyed by the workspace whose key verified them, and the
 * sandbox's subscriptions and delivery log per workspace.
 *
 * `webhooks.list` returns the receiver's whole log with no workspace on the entries, so the
 * renderer attributes each entry to the workspace the receiver was running for when the entry
 * arrived (live) or was first listed. After a reload, entries from before a restart for another
 * workspace are attributed to the current one: the main side does not record it.
 */
import { create } from 'zustand';
import type { ReceivedWebhook, WebhookReceiverStatus } from '@shared/contract';
import { ok, type AppError, type Result } from '@shared/result';
import { copper } from '../../lib/api';
import { createWorkspaceQuery } from '../../lib/query-store';
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

/** Entry id → the workspace whose key verified it, and when (in `tick`s) the renderer saw it. */
const owners = new Map<string, { workspaceId: string | null; tick: number }>();
let tick = 0;

function ownerOf(entry: ReceivedWebhook, receiverWs: string | null): string | null {
  const known = owners.get(entry.id);
  if (known) return known.workspaceId;
  // Unknown receiver (status not read yet): left unattributed, so the next list attributes it.
  if (receiverWs !== null) owners.set(entry.id, { workspaceId: receiverWs, tick: ++tick });
  return receiverWs;
}

const newestFirst = (a: ReceivedWebhook, b: ReceivedWebhook) => Number(b.id) - Number(a.id);

export const receivedQuery = createWorkspaceQuery(
  async (wsId: string, _params: Record<string, never>): Promise<Result<ReceivedWebhook[]>> => {
    const startedAt = tick;
    const [status, list] = await Promise.all([
      copper().webhooks.status({}),
      copper().webhooks.list({ limit: RECEIVED_LIMIT }),
    ]);
    if (!list.ok) return list;
    if (status.ok) useReceiverStore.setState({ status: status.value });
    const receiverWs = status.ok ? status.value.workspaceId : null;
    const listed = new Set(list.value.map((e) => e.id));
    const mine = list.value.filter((e) => ownerOf(e, receiverWs) === wsId);
    // Deliveries that arrived live while the list was being read are kept; older ones that the
    // list no longer has were dropped (cleared, or pushed out) on the main side.
    const cur = receivedQuery.get(wsId).data ?? [];
    const arrived = cur.filter((e) => !listed.has(e.id) && (owners.get(e.id)?.tick ?? 0) > startedAt);
    for (const id of owners.keys())
      if (!listed.has(id) && (owners.get(id)?.tick ?? 0) <= startedAt) owners.delete(id);
    return ok([...arrived, ...mine].sort(newestFirst).slice(0, RECEIVED_LIMIT));
  },
);
export const NO_PARAMS: Record<string, never> = {};

export async function clearReceived(wsId: string): Promise<Result<null>> {
  const res = await copper().webhooks.clear({});
  if (res.ok) {
    owners.clear();
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
  const owner = ownerOf(entry, status?.workspaceId ?? null);
  if (status) useReceiverStore.setState({ status: { ...status, received: status.received + 1 } });
  if (owner !== null)
    receivedQuery.update(owner, (data) =>
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
