import { useState } from 'react';
import type { ReceivedWebhook } from '@shared/contract';
import { IdText } from '../../components/CopyButton';
import { JsonBlock } from '../../components/JsonBlock';
import { Timestamp } from '../../components/Timestamp';
import { VerdictBadge } from './columns';
import { DetailPane, FieldList } from '../../components/view-kit';

const HEADER_NAMES = ['X-Signature', 'X-Timestamp', 'X-Id', 'Content-Type'] as const;

type CurlState = 'idle' | 'copied' | 'fallback';

/** One received delivery: verdict and reason, headers, the payload as text, copy as curl. */
export function WebhookDetail({
  entry,
  onClose,
  onVerify,
}: {
  entry: ReceivedWebhook;
  onClose(): void;
  onVerify(entry: ReceivedWebhook): void;
}) {
  const [curl, setCurl] = useState<CurlState>('idle');
  const [raw, setRaw] = useState(false);

  const copyCurl = async () => {
    try {
      await navigator.clipboard.writeText(entry.curl);
      setCurl('copied');
    } catch {
      // No clipboard (permission, insecure context): the command is shown to copy by hand.
      setCurl('fallback');
    }
  };

  return (
    <DetailPane
      testId="webhook-detail"
      label="Delivery"
      data={{ 'data-entry-id': entry.id }}
      onClose={onClose}
      title={
        <>
          <span className="ellipsis" data-testid="webhook-detail-event">
            {entry.event ?? 'unknown event'}
          </span>
          <VerdictBadge verdict={entry.verdict} reason={entry.reason} />
        </>
      }
    >
      <div className="note" data-testid="webhook-detail-reason">
        {entry.reason}
      </div>
      <FieldList
        variant="table"
        fields={[
          { label: 'Received', value: <Timestamp value={entry.receivedAt} /> },
          { label: 'Event id', value: <IdText value={entry.eventId} /> },
          { label: 'Subscription', value: <IdText value={entry.subscriptionId} /> },
          { label: 'Path', value: entry.path, className: 'mono' },
          // The signed headers exactly as received (they are what the verify tool takes).
          ...HEADER_NAMES.map((name) => ({
            label: name,
            value: entry.headers[name] ?? '',
            className: 'mono webhook-header',
            testId: `webhook-header-${name}`,
          })),
          // X-Timestamp's epoch ms read as a time, in the one format.
          {
            label: 'Signed at',
            value: <Timestamp value={entry.headers['X-Timestamp']} />,
            testId: 'webhook-signed-at',
          },
        ]}
      />
      <div className="actions-row">
        <button
          type="button"
          className="btn small"
          data-testid="webhook-copy-curl"
          onClick={() => void copyCurl()}
        >
          Copy as curl
        </button>
        <button
          type="button"
          className="btn small"
          data-testid="webhook-show-curl"
          aria-expanded={curl === 'fallback'}
          onClick={() => setCurl((c) => (c === 'fallback' ? 'idle' : 'fallback'))}
        >
          {curl === 'fallback' ? 'Hide command' : 'Show command'}
        </button>
        <button
          type="button"
          className="btn small"
          data-testid="webhook-to-verify"
          title="Put this delivery's headers and body into the verify tool"
          onClick={() => onVerify(entry)}
        >
          Verify…
        </button>
        {curl === 'copied' ? (
          <span className="muted small" data-testid="webhook-curl-copied" role="status">
            Copied
          </span>
        ) : null}
      </div>
      {curl === 'fallback' ? (
        <textarea
          className="input mono webhook-curl"
          data-testid="webhook-curl"
          readOnly
          rows={6}
          value={entry.curl}
          onFocus={(e) => e.currentTarget.select()}
          aria-label="curl command"
        />
      ) : null}
      <h4>
        {raw ? 'Raw body' : 'Payload'}{' '}
        <button
          type="button"
          className="btn small ghost"
          data-testid="webhook-toggle-raw"
          onClick={() => setRaw((r) => !r)}
        >
          {raw ? 'Show payload' : 'Show raw body'}
        </button>
      </h4>
      {raw ? (
        <pre className="json-block" data-testid="webhook-raw-body">
          {entry.rawBody}
        </pre>
      ) : entry.payload === null ? (
        <div className="muted" data-testid="webhook-payload">
          The body is not JSON with a payload; see the raw body.
        </div>
      ) : (
        <JsonBlock value={entry.payload} testId="webhook-payload" />
      )}
    </DetailPane>
  );
}
