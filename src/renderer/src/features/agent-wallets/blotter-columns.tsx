/**
 * The blotter's columns: one row per order the console sent (src/main/journal/blotter.ts), with
 * the status its own entry of the answer gave it, the batch's verdict ("Partly failed" in amber),
 * what later cancels and modifies did; the row's Cancel and Modify come right after the time, so
 * they are on screen whatever the width.
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import type { BatchVerdict, BlotterRow, BlotterStatus } from '@shared/blotter';
import { Exact } from '@shared/decimal';
import { Badge } from '../../components/Badge';
import type { Tone } from '../../components/tones';
import type { ColumnSpec } from '../../components/data-table';
import { columnsFor } from '../../components/view-kit';
import { followUpText, whyNotChange } from './blotter-actions';

export const STATUS_TONES: Record<BlotterStatus, Tone> = {
  resting: 'info',
  filled: 'ok',
  error: 'danger',
  unknown: 'warn',
};

const BATCH_WORDS: Record<BatchVerdict, { label: string; tone: Tone } | null> = {
  'all-ok': null,
  'partly-failed': { label: 'Partly failed', tone: 'warn' },
  failed: { label: 'Failed', tone: 'danger' },
  unknown: { label: 'Outcome unknown', tone: 'warn' },
};

/** Size × limit price, exact; empty when either is not a number. */
function notional(r: BlotterRow): string {
  try {
    return new Exact(r.order.s).times(r.order.p).toFixed();
  } catch {
    return '';
  }
}

/** The row's own click selects the row; a button only does its own thing. */
const keepToButton = (e: MouseEvent | KeyboardEvent) => {
  if (e.type === 'click' || (e as KeyboardEvent).key === 'Enter' || (e as KeyboardEvent).key === ' ')
    e.stopPropagation();
};

export interface BlotterColumnOptions {
  /** A name for an asset index when the workspace's asset table has one. */
  assetName(index: number): string | undefined;
  onCancel(row: BlotterRow): void;
  onModify(row: BlotterRow): void;
  /** A cancel or modify is being prepared: the buttons wait. */
  busy: boolean;
}

const c = columnsFor<BlotterRow>();
const ROW_BUTTONS = [
  { id: 'cancel', verb: 'Cancel', text: 'Cancel', title: 'Cancel this order: review, then send once' },
  { id: 'modify', verb: 'Modify', text: 'Modify…', title: 'Change its size or price' },
] as const;

export function blotterColumns(o: BlotterColumnOptions): ColumnSpec<BlotterRow>[] {
  const asset = (r: BlotterRow) => o.assetName(r.order.a) ?? `#${r.order.a}`;
  return [
    c.time('time', 'Sent', 190),
    {
      id: 'actions',
      header: '',
      sortable: false,
      value: () => '',
      render: (r) => {
        const why = whyNotChange(r);
        const label = `${r.side} ${r.order.s} ${asset(r)} @ ${r.order.p}`;
        return (
          // One line: the row is one line high, and a wrapped pair would spill over the header.
          <span className="actions-row" style={{ flexWrap: 'nowrap', gap: 4 }}>
            {ROW_BUTTONS.map((b) => (
              <button
                key={b.id}
                type="button"
                className="btn small"
                data-testid={`blotter-${b.id}`}
                aria-label={`${b.verb} the order ${label}`}
                title={why ?? b.title}
                disabled={why !== null || o.busy}
                onKeyDown={keepToButton}
                onClick={(e) => {
                  keepToButton(e);
                  (b.id === 'cancel' ? o.onCancel : o.onModify)(r);
                }}
              >
                {b.text}
              </button>
            ))}
          </span>
        );
      },
      width: 160,
    },
    { id: 'operator', header: 'Operator', value: (r) => r.operator ?? '', width: 100 },
    {
      id: 'via',
      header: 'Via',
      title: 'The vault the order was placed for, else the API key whose agent wallet signed it',
      value: (r) => (r.vaultAddress ? `vault ${r.vaultAddress}` : `key ${r.keyId ?? '?'}`),
      width: 120,
      defaultHidden: true,
    },
    { id: 'asset', header: 'Asset', value: asset, width: 70 },
    {
      id: 'side',
      header: 'Side',
      value: (r) => r.side,
      render: (r) => r.side.toUpperCase(),
      width: 60,
    },
    { id: 'size', header: 'Size', kind: 'amount', value: (r) => r.order.s, width: 120 },
    { id: 'price', header: 'Price', kind: 'amount', value: (r) => r.order.p, width: 120 },
    { id: 'notional', header: 'Notional', kind: 'amount', value: notional, width: 130, defaultHidden: true },
    {
      id: 'type',
      header: 'Type',
      value: (r) => `${r.orderType}${r.order.r ? ' · reduce-only' : ''}`,
      width: 80,
      defaultHidden: true,
    },
    {
      id: 'oid',
      header: 'Oid / cloid',
      kind: 'id',
      value: (r) => r.liveOid ?? r.cloid ?? '',
      width: 120,
    },
    {
      id: 'status',
      header: 'Status',
      value: (r) => r.status,
      render: (r) => (
        <span data-testid="blotter-status" data-status={r.status} title={r.statusText}>
          <Badge value={r.status} tone={STATUS_TONES[r.status]} title={r.statusText} />
          {r.status === 'error' || r.status === 'unknown' ? (
            <span className="small muted"> {r.statusText}</span>
          ) : r.status === 'filled' ? (
            <span className="small muted"> {r.statusText.replace(/^filled /, '')}</span>
          ) : null}
        </span>
      ),
      width: 150,
      grow: true,
    },
    {
      id: 'batch',
      header: 'Batch',
      value: (r) => BATCH_WORDS[r.batch]?.label ?? (r.batchSize > 1 ? 'all ok' : ''),
      render: (r) => {
        const word = BATCH_WORDS[r.batch];
        const position = r.batchSize > 1 ? `${r.index + 1}/${r.batchSize}` : '';
        return (
          <span data-testid="blotter-batch" data-batch={r.batch}>
            {word && (r.batchSize > 1 || r.batch === 'partly-failed') ? (
              <Badge value={r.batch} tone={word.tone} label={word.label} />
            ) : null}{' '}
            <span className="small muted">{position}</span>
          </span>
        );
      },
      width: 120,
    },
    {
      id: 'later',
      header: 'Later',
      title: 'Cancels and modifies sent later for this order, as their answers tell',
      value: (r) => r.followUps.map(followUpText).join('; '),
      render: (r) => (
        <span data-testid="blotter-later" className="small">
          {r.followUps.length === 0 ? <span className="muted">—</span> : followUpText(r.followUps.at(-1)!)}
          {r.followUps.length > 1 ? <span className="muted"> (+{r.followUps.length - 1})</span> : null}
        </span>
      ),
      width: 140,
    },
    c.id('actionId', 'Action id', 150, 'hidden'),
    c.id('nonce', 'Nonce', 120, 'hidden'),
  ];
}
