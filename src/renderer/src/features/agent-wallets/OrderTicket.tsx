import { useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import type { ExchangeAction } from '@shared/exchange-actions';
import { MIN_ORDER_NOTIONAL_USD } from '@shared/exchange-actions';
import type { ExchangeAsset } from '@shared/exchange-assets';
import { formatAmount } from '../../lib/decimal';
import { CheckboxField, Form, FormField, SelectField } from '../../components/view-kit';
import { FullAddress } from '../../components/FullAddress';
import {
  EMPTY_TICKET,
  TICKET_TYPES,
  TIFS,
  buildTicketAction,
  type TicketField,
  type TicketForm,
} from './order-ticket';
import type { SignerView } from './signer';

const TYPE_LABELS: Record<TicketForm['type'], string> = {
  order: 'Order',
  cancel: 'Cancel (by oid)',
  cancelByCloid: 'Cancel (by cloid)',
  modify: 'Modify',
  scheduleCancel: 'Schedule cancel-all',
};
/** The order's two decimals, typed as text: sent without trailing zeros (order-ticket.ts). */
const DECIMAL_FIELDS = [
  ['size', 'Size'],
  ['price', 'Limit price'],
] as const;
const TIF_LABELS: Record<(typeof TIFS)[number], string> = {
  Gtc: 'Gtc (rests)',
  Ioc: 'Ioc (fill now)',
  Alo: 'Alo (maker only)',
};

/** The typed fields: each is bound to its form key, test ids and problem the same way. */
type TextTicketField = 'oid' | 'cloid' | 'minutes' | 'size' | 'price';
type TextFieldLook = Omit<
  ComponentProps<typeof FormField>,
  'value' | 'onChange' | 'testId' | 'problem' | 'problemTestId'
>;

interface OrderTicketProps {
  assets: readonly ExchangeAsset[];
  signer: SignerView;
  preparing: boolean;
  /** Called with the checked action; the caller prepares it (nothing is sent before the confirmation). */
  onReview(action: ExchangeAction): void;
  /** The composer's vault address field, shown beside the button. */
  vaultField?: ReactNode;
}

/**
 * Form fields for the common exchange actions, built into the exact Hyperliquid action the JSON
 * editor would send (order-ticket.ts). An order below the exchange's minimum value, a size with
 * more decimals than the asset takes, or an asset missing from the table is refused here, saying
 * why, before anything is prepared; the main side checks the minimum again.
 */
export function OrderTicket({ assets, signer, preparing, onReview, vaultField }: OrderTicketProps) {
  const [form, setForm] = useState<TicketForm>(() => ({ ...EMPTY_TICKET, asset: assets[0]?.name ?? '' }));
  const [attempted, setAttempted] = useState(false);
  const set = (patch: Partial<TicketForm>) => setForm((f) => ({ ...f, ...patch }));
  // The time of a scheduled cancel is taken again at review; here it only checks the fields.
  const built = useMemo(() => buildTicketAction(form, assets, 0), [form, assets]);
  const errors: Partial<Record<TicketField, string>> = built.ok ? {} : built.errors;
  const shown = (field: Exclude<TicketField, 'notional'>): string | null => {
    const typed = form[field];
    return (attempted || (typeof typed === 'string' && typed !== '')) && errors[field] ? errors[field] : null;
  };
  const input = (field: TextTicketField, look: TextFieldLook) => (
    <FormField
      key={field}
      {...look}
      value={form[field]}
      onChange={(value) => set({ [field]: value })}
      testId={`ticket-${field}`}
      problem={shown(field)}
      problemTestId={`ticket-${field}-error`}
    />
  );
  const isOrder = form.type === 'order' || form.type === 'modify';
  const firstProblem = Object.values(errors)[0] ?? null;

  const review = () => {
    setAttempted(true);
    const now = buildTicketAction(form, assets, Date.now());
    if (now.ok) onReview(now.action);
  };

  return (
    <Form className="order-ticket" data-testid="order-ticket" aria-label="Order ticket" onSubmit={review}>
      <div className="actions-row">
        <SelectField
          label="Action"
          value={form.type}
          onChange={(type) => set({ type: type as TicketForm['type'] })}
          options={TICKET_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          testId="ticket-type"
        />
        {form.type !== 'scheduleCancel' ? (
          <SelectField
            label="Asset"
            value={form.asset}
            onChange={(asset) => set({ asset })}
            options={assets.map((a) => ({ value: a.name, label: `${a.name} (#${a.index})` }))}
            anyLabel="Choose…"
            testId="ticket-asset"
          />
        ) : null}
        {isOrder ? (
          <SelectField
            label="Side"
            value={form.side}
            onChange={(side) => set({ side: side === 'sell' ? 'sell' : 'buy' })}
            options={[
              { value: 'buy', label: 'Buy' },
              { value: 'sell', label: 'Sell' },
            ]}
            testId="ticket-side"
          />
        ) : null}
      </div>
      {shown('asset') ? (
        <span className="field-error" data-testid="ticket-asset-error">
          {errors.asset}
        </span>
      ) : null}
      {assets.length === 0 && form.type !== 'scheduleCancel' ? (
        <p className="small muted">
          This workspace&apos;s asset table is empty: add the assets you trade below.
        </p>
      ) : null}
      {form.type === 'cancel' || form.type === 'modify'
        ? input('oid', {
            label: form.type === 'cancel' ? 'Order id (oid)' : 'Order to change: its oid or cloid',
            className: 'mono',
          })
        : null}
      {isOrder ? (
        <div className="actions-row">
          {DECIMAL_FIELDS.map(([field, label]) =>
            input(field, { label, inputMode: 'decimal', style: { width: 130 } }),
          )}
          <SelectField
            label="Time in force"
            value={form.tif}
            onChange={(tif) => set({ tif: TIFS.find((t) => t === tif) ?? 'Gtc' })}
            options={TIFS.map((t) => ({ value: t, label: TIF_LABELS[t] }))}
            testId="ticket-tif"
          />
          <CheckboxField
            label="Reduce only"
            checked={form.reduceOnly}
            onChange={(reduceOnly) => set({ reduceOnly })}
            testId="ticket-reduce-only"
          />
        </div>
      ) : null}
      <div className="actions-row" style={{ alignItems: 'flex-start' }}>
        {isOrder || form.type === 'cancelByCloid'
          ? input('cloid', {
              label: form.type === 'cancelByCloid' ? 'Client order id (cloid)' : 'Client order id (optional)',
              className: 'mono',
              placeholder: '0x + 32 hex digits',
              style: { width: 290 },
            })
          : null}
        {vaultField}
      </div>
      {form.type === 'scheduleCancel'
        ? input('minutes', {
            label: 'Cancel all open orders in (minutes; empty clears the scheduled cancel)',
            inputMode: 'numeric',
          })
        : null}
      {isOrder ? (
        <p className="small" data-testid="ticket-notional" aria-live="polite">
          Notional (size × limit price):{' '}
          <strong className="mono">
            {built.notional === null ? '—' : `${formatAmount(built.notional)} USD`}
          </strong>
          <span className="muted"> · the exchange&apos;s minimum is {MIN_ORDER_NOTIONAL_USD} USD</span>
        </p>
      ) : null}
      {errors.notional ? (
        <p className="field-error" role="alert" data-testid="ticket-refused">
          {errors.notional}
        </p>
      ) : null}
      <p className="small" data-testid="ticket-signer">
        Goes through: portfolio{' '}
        <strong data-testid="ticket-portfolio">{signer.portfolio ?? 'not known'}</strong> · agent wallet{' '}
        <strong data-testid="ticket-wallet">{signer.wallet ?? 'not known'}</strong>
        {signer.address !== null ? (
          <>
            {' '}
            <FullAddress
              value={signer.address}
              testId="ticket-wallet-address"
              copyLabel="Copy agent wallet address"
            />
          </>
        ) : null}
        . <span className="muted">{signer.note}</span>
      </p>
      <div className="actions-row">
        <span className="topbar-spacer" />
        {!built.ok && firstProblem && attempted ? <span className="why-not">{firstProblem}</span> : null}
        <button
          type="submit"
          className="btn primary"
          data-testid="ticket-review"
          disabled={preparing || (attempted && !built.ok) || errors.notional !== undefined}
        >
          {preparing ? 'Preparing…' : 'Review & send…'}
        </button>
      </div>
    </Form>
  );
}
