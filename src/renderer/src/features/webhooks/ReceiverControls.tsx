import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { receiverPort, type SandboxSubscription, type WorkspaceView } from '@shared/contract';
import type { AppError } from '@shared/result';
import { ALL_WEBHOOK_EVENT_TYPES } from '@shared/platform/enums';
import { useWorkspaceList } from '../../state/workspace-store';
import { toAppError, viewState } from '../../state/query-client';
import { CopyButton } from '../../components/CopyButton';
import { ErrorBanner } from '../../components/ErrorBanner';
import { MultiSelect } from '../../components/MultiSelect';
import { ButtonRow, Form, FormField } from '../../components/view-kit';
import { requestWebPermission, webPermission, type WebPermission } from './notifications';
import { receiverMutation, receiverStatusQuery, subscribeSandbox } from './queries';

/** A port as typed: a number the contract accepts, or the reason it does not. */
export function parsePort(text: string): { port: number } | { error: string } {
  const t = text.trim();
  if (!/^\d{1,5}$/.test(t)) return { error: 'A port is a whole number: 0 (any free port) or 1024-65535.' };
  const parsed = receiverPort.safeParse(Number(t));
  return parsed.success
    ? { port: parsed.data }
    : { error: 'Ports below 1024 are privileged: use 0 (any free port) or 1024-65535.' };
}

interface Props {
  workspace: WorkspaceView;
  port: string;
  onPort(next: string): void;
}

export function ReceiverControls({ workspace, port, onPort }: Props) {
  // Read again whenever the tab opens: another window may have started or stopped it.
  const statusQuery = useQuery({ ...receiverStatusQuery, refetchOnMount: 'always' });
  const status = statusQuery.data ?? null;
  const receiver = useMutation(receiverMutation(useQueryClient()));
  const busy = receiver.isPending || statusQuery.isFetching;
  const error = receiver.error ? toAppError(receiver.error) : viewState(statusQuery).error;
  const names = useWorkspaceList();
  const [subscribing, setSubscribing] = useState(false);
  const [subscribed, setSubscribed] = useState<SandboxSubscription | null>(null);
  const [subscribeError, setSubscribeError] = useState<AppError | null>(null);
  const [permission, setPermission] = useState<WebPermission>(webPermission);
  const parsed = parsePort(port);
  const running = status?.running === true;
  const ownerId = status?.workspaceId ?? null;
  const ownerName = names.find((w) => w.id === ownerId)?.name ?? ownerId;
  const mine = running && ownerId === workspace.id;

  const whyNotSubscribe =
    workspace.environment !== 'sandbox'
      ? `Only sandbox workspaces subscribe from here; this one is ${workspace.environment}: subscribe in the platform web UI.`
      : !running
        ? 'Start the receiver first: the subscription points at it.'
        : !mine
          ? `The receiver verifies with the key of "${ownerName ?? '?'}"; restart it for this workspace first.`
          : null;

  const subscribe = async () => {
    setSubscribing(true);
    setSubscribeError(null);
    setSubscribed(null);
    const res = await subscribeSandbox(workspace.id);
    setSubscribing(false);
    if (res.ok) setSubscribed(res.value);
    else setSubscribeError(res.error);
  };

  // The choice as clicked, until the main side has answered: the checkbox follows the click in the
  // same event (the cache's own optimistic update reaches the screen a task later, so a box read
  // right after the click could still show the old state).
  const [clicked, setClicked] = useState<string[] | null>(null);
  const notifyTypes = clicked ?? status?.notifications.eventTypes ?? [];
  const native = status?.notifications.native ?? false;
  const onNotify = async (next: string[]) => {
    setClicked(next);
    receiver.mutate(
      { call: 'webhooks.setNotifications', eventTypes: next },
      { onSettled: () => setClicked((shown) => (shown === next ? null : shown)) },
    );
    // The operator's click: the one moment a browser lets a page ask for permission.
    if (!native && next.length > 0) setPermission(await requestWebPermission());
  };

  return (
    <div className="filters webhook-receiver" data-testid="webhook-receiver">
      <Form
        layout="row"
        aria-label="Webhook receiver"
        onSubmit={() => {
          if ('port' in parsed)
            receiver.mutate({ call: 'webhooks.startReceiver', workspaceId: workspace.id, port: parsed.port });
        }}
      >
        <FormField
          label="Port"
          testId="webhook-port"
          inputMode="numeric"
          value={port}
          aria-invalid={'error' in parsed}
          onChange={onPort}
          style={{ width: 90 }}
          disabled={busy}
        />
        <ButtonRow
          primary={{
            label: mine ? 'Restart' : running ? 'Start for this workspace' : 'Start receiver',
            testId: 'webhook-start',
            disabled: busy || 'error' in parsed,
            title:
              'error' in parsed ? parsed.error : `Listen on 127.0.0.1 and verify with this workspace's key`,
          }}
          secondary={[
            running && {
              label: 'Stop receiver',
              testId: 'webhook-stop',
              disabled: busy,
              onClick: () => receiver.mutate({ call: 'webhooks.stopReceiver' }),
            },
          ]}
        />
      </Form>
      <div
        className="webhook-status"
        data-testid="webhook-status"
        data-running={running ? 'true' : 'false'}
        data-owner={ownerId ?? ''}
      >
        {'error' in parsed ? (
          <span className="field-error" data-testid="webhook-port-error">
            {parsed.error}
          </span>
        ) : null}
        {running && status?.url ? (
          <span className="webhook-url-line">
            <span className="badge tone-ok">listening</span>
            <code data-testid="webhook-url">{status.url}</code>
            <CopyButton text={status.url} label="Copy URL" />
            <span className={mine ? 'muted small' : 'notice-inline'} data-testid="webhook-receiver-workspace">
              {mine ? `verifies with this workspace's key` : `for "${ownerName ?? '?'}" — not this workspace`}
            </span>
            {status.refused.origin + status.refused.contentType > 0 ? (
              <span
                className="notice-inline"
                data-testid="webhook-refused"
                title="Requests from a web page (with an Origin header) or not JSON are refused unread, never shown as deliveries"
              >
                refused unread: {status.refused.origin} from a web page, {status.refused.contentType} not JSON
              </span>
            ) : null}
          </span>
        ) : (
          <span className="muted">Receiver stopped. 0 picks any free port.</span>
        )}
      </div>
      <div className="filters-actions">
        <ButtonRow
          secondary={[
            {
              label: subscribing ? 'Subscribing…' : 'Subscribe the sandbox',
              testId: 'webhook-subscribe-sandbox',
              disabled: whyNotSubscribe !== null || subscribing,
              title: whyNotSubscribe ?? 'Subscribe the receiver to every event of this sandbox',
              onClick: () => void subscribe(),
            },
          ]}
        >
          {subscribed ? (
            <span
              className="muted small"
              data-testid="webhook-subscribe-result"
              title={subscribed.subscriptionId}
            >
              Subscribed: {subscribed.subscriptionId}
            </span>
          ) : null}
        </ButtonRow>
        <MultiSelect
          label="Notify on"
          testId="webhook-notify-types"
          options={ALL_WEBHOOK_EVENT_TYPES}
          value={notifyTypes}
          onChange={(next) => void onNotify(next)}
        />
      </div>
      {whyNotSubscribe ? (
        <div className="why-not webhook-why-not" data-testid="webhook-subscribe-why-not">
          {whyNotSubscribe}
        </div>
      ) : null}
      {notifyTypes.length > 0 && !native ? (
        <div
          className="why-not webhook-why-not"
          data-testid="webhook-notify-permission"
          data-permission={permission}
        >
          {permission === 'granted'
            ? 'Browser notifications allowed: valid deliveries of the chosen types notify.'
            : permission === 'unsupported'
              ? 'This browser has no notifications.'
              : `Browser notifications are ${permission === 'denied' ? 'blocked' : 'not allowed yet'}; allow them in the browser to be notified.`}
        </div>
      ) : null}
      {error ? <ErrorBanner error={error} testId="webhook-receiver-error" /> : null}
      {subscribeError ? <ErrorBanner error={subscribeError} testId="webhook-subscribe-error" /> : null}
    </div>
  );
}
