/**
 * One blotter row in full: the order as sent, its status with the answer's words, its batch, who
 * sent it and through what, the cancels and modifies sent for it later, and its Cancel and Modify
 * (a new size and price; everything else stays as sent). Both go through the prepared-action path.
 */
import { useState } from 'react';
import type { BlotterRow } from '@shared/blotter';
import type { ExchangeAction } from '@shared/exchange-actions';
import { Badge } from '../../components/Badge';
import { FullAddress } from '../../components/FullAddress';
import { Timestamp } from '../../components/Timestamp';
import type { ActionLauncher } from '../../components/actions/use-action';
import { DetailPane, FieldList, Form, TextField } from '../../components/view-kit';
import { followUpText, rowRef, whyNotChange } from './blotter-actions';
import { STATUS_TONES } from './blotter-columns';
import { modifyBody, orderLine } from './order-ticket';

interface BlotterDetailProps {
  row: BlotterRow;
  assetName(index: number): string | undefined;
  modifyOpen: boolean;
  onModifyOpen(open: boolean): void;
  onCancel(): void;
  onSend(action: ExchangeAction): void;
  launcher: ActionLauncher;
  onClose(): void;
}

export function BlotterDetail(props: BlotterDetailProps) {
  const { row, assetName, launcher } = props;
  const why = whyNotChange(row);
  const nameOf = (i: number) => assetName(i) ?? `asset ${i}`;
  return (
    <DetailPane
      testId="blotter-detail"
      label="Order detail"
      title={`Order ${row.index + 1} of ${row.batchSize}`}
      onClose={props.onClose}
    >
      <p className="mono small" data-testid="blotter-detail-line">
        {orderLine(row.order, nameOf)}
      </p>
      <FieldList
        fields={[
          {
            label: 'Status',
            value: (
              <>
                <Badge value={row.status} tone={STATUS_TONES[row.status]} /> {row.statusText}
              </>
            ),
            testId: 'blotter-detail-status',
          },
          row.batchSize > 1 && {
            label: 'Batch',
            value: `${row.batchSize} orders: ${row.batch.replace('-', ' ')}`,
          },
          { label: 'Oid', value: row.oid ?? '—', className: 'mono' },
          row.liveOid !== row.oid && { label: 'Oid now', value: row.liveOid ?? '—', className: 'mono' },
          row.cloid !== null && { label: 'Cloid', value: row.cloid, className: 'mono' },
          { label: 'Sent', value: <Timestamp value={row.time} /> },
          { label: 'Operator', value: row.operator ?? '—' },
          {
            label: 'Signed by',
            value: `the agent wallet of API key ${row.keyId ?? '(not recorded)'}${row.vaultAddress ? ', for the vault below' : ''}`,
          },
          // The vault address whole, never cut (issue 29.3).
          !!row.vaultAddress && {
            label: 'Vault',
            value: (
              <FullAddress value={row.vaultAddress} copyLabel="Copy vault address" testId="blotter-vault" />
            ),
          },
          { label: 'Nonce', value: row.nonce ?? '—', className: 'mono' },
          { label: 'Action id', value: row.actionId, className: 'mono' },
        ]}
      />
      <h4>Later</h4>
      {row.followUps.length === 0 ? (
        <p className="small muted">No cancel or modify sent for it from this console.</p>
      ) : (
        <ul className="small" data-testid="blotter-detail-later">
          {row.followUps.map((f) => (
            <li key={`${f.actionId}-${f.kind}`}>
              <Timestamp value={f.time} /> {followUpText(f)}
              {f.state === 'sent' && f.message ? <span className="muted"> ({f.message})</span> : null}
            </li>
          ))}
        </ul>
      )}
      <div className="actions-row">
        <button
          type="button"
          className="btn small"
          data-testid="blotter-detail-cancel"
          disabled={why !== null || launcher.preparing}
          title={why ?? 'Cancel this order: review, then send once'}
          onClick={props.onCancel}
        >
          Cancel order…
        </button>
        <button
          type="button"
          className="btn small"
          data-testid="blotter-detail-modify"
          aria-expanded={props.modifyOpen}
          disabled={why !== null}
          title={why ?? 'Change its size or price'}
          onClick={() => props.onModifyOpen(!props.modifyOpen)}
        >
          Modify…
        </button>
      </div>
      {why !== null ? <p className="small muted">{why}</p> : null}
      {props.modifyOpen && why === null ? <ModifyForm key={row.id} {...props} /> : null}
    </DetailPane>
  );
}

/** The order's fields a modify changes here (the wire names: `s` size, `p` limit price). */
const MODIFY_FIELDS = [
  { key: 's', id: 'size', label: 'New size' },
  { key: 'p', id: 'price', label: 'New price' },
] as const;

/** A new size and price for the order (a fresh form per row); the shared checks (schema, minimum value) apply before prepare. */
function ModifyForm({ row, launcher, onSend }: BlotterDetailProps) {
  const [draft, setDraft] = useState({ s: row.order.s, p: row.order.p });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const ref = rowRef(row);
    if (ref === null) return;
    const body = modifyBody(ref, { ...row.order, s: draft.s.trim(), p: draft.p.trim() });
    if (!body.ok) setProblem(body.error);
    else {
      setProblem(null);
      onSend(body.action);
    }
  };
  return (
    <Form
      className="blotter-modify"
      aria-label="Modify the order"
      data-testid="blotter-modify-form"
      onSubmit={submit}
    >
      {MODIFY_FIELDS.map((f) => (
        <TextField
          key={f.key}
          label={f.label}
          className="mono"
          value={draft[f.key]}
          onChange={(v) => setDraft({ ...draft, [f.key]: v })}
          testId={`blotter-modify-${f.id}`}
          width={110}
          problem={launcher.fieldErrors[`order.${f.key}`] ?? null}
        />
      ))}
      <button
        type="submit"
        className="btn small primary"
        data-testid="blotter-modify-review"
        disabled={launcher.preparing}
      >
        {launcher.preparing ? 'Preparing…' : 'Review modify…'}
      </button>
      {problem ? (
        <p className="field-error" role="alert" data-testid="blotter-modify-problem">
          {problem}
        </p>
      ) : null}
    </Form>
  );
}
