/**
 * The confirmation's account of a prepared action: where it goes (environment, workspace,
 * organization, target), what the console knows about it (the context, the warnings) and the
 * exact request. Amounts read exactly as in the tables (lib/format.ts: grouped, with their unit),
 * and beside each amount that is sent, the exact string that will be signed. An address that is
 * sent (a vault, a builder) is shown whole (FullAddress: grouped, its ends emphasised, the full
 * value copied): address poisoning forges look-alikes that match only the ends (issue 29.3).
 */
import type { PreparedAction } from '@shared/actions';
import { formatAmount } from '../../lib/format';
import { isDecimal } from '../../lib/decimal';
import { FullAddress } from '../FullAddress';

/** Bodies up to this many characters show their exact bytes open; longer ones are one click away. */
const OPEN_BODY_CHARS = 600;

/** A 0x-prefixed 20-byte hex address (a vault's, a builder's); a 128-bit cloid is not one. */
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Whether a body field carries an address: named so ("vaultAddress"), or an address by its form. */
export function isAddressField(f: { name: string; value: string }): boolean {
  const last =
    f.name
      .split(/[.[\]]/)
      .filter(Boolean)
      .pop() ?? '';
  return /address$/i.test(last) || HEX_ADDRESS.test(f.value);
}

/** "vaultAddress" → "Vault address"; any other address field by its path: "Address (action.builder.b)". */
export function addressLabel(name: string): string {
  if (!/^[A-Za-z]+$/.test(name)) return `Address (${name})`;
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function PreparedSummary({ prepared }: { prepared: PreparedAction }) {
  const ws = prepared.workspace;
  return (
    <>
      <dl className="kv confirm-kv">
        <dt>Environment</dt>
        <dd>
          <span className={`env-pill env-${ws.environment}`} data-testid="confirm-environment">
            {ws.environment.toUpperCase()}
          </span>
        </dd>
        <dt>Workspace</dt>
        <dd data-testid="confirm-workspace">{ws.name}</dd>
        <dt>Organization</dt>
        <dd className="mono" data-testid="confirm-organization">
          {ws.organizationId}
        </dd>
        <dt>Target</dt>
        <dd className="mono" data-testid="confirm-target">
          {prepared.target}
        </dd>
        {prepared.fields.filter(isAddressField).map((f) => (
          <AddressRow key={f.name} name={f.name} value={f.value} />
        ))}
        {prepared.context.map((c) => (
          <ContextRow key={c.label} row={c} />
        ))}
      </dl>
      {prepared.warnings?.length ? (
        // What the console expected and did not see: the specification leaves it open, so the
        // platform decides; the operator sends knowing it.
        <div className="notice small" data-testid="confirm-warnings" role="note">
          <strong>The console expected otherwise; the platform will decide:</strong>
          <ul>
            {prepared.warnings.map((w) => (
              <li key={w} data-testid="confirm-warning">
                {w}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

export function RequestSection({
  prepared,
  summaryLines,
}: {
  prepared: PreparedAction;
  summaryLines: string[] | undefined;
}) {
  const body = prepared.request.body;
  return (
    <section className="prepared-request" aria-label="The request that will be sent">
      <h3>What will be sent</h3>
      <p className="mono small" data-testid="confirm-request-line">
        {prepared.request.method} {prepared.request.url}
      </p>
      <p className="mono small" data-testid="confirm-content-type">
        Content-Type: {prepared.request.contentType}
      </p>
      <p className="small muted" data-testid="confirm-signing-key">
        Signed with API key <span className="mono">{prepared.review.keyFingerprint}</span> (a fingerprint of
        its key id). If the workspace&apos;s key or base URL changes before you confirm, nothing is sent.
      </p>
      {summaryLines?.length ? (
        <ol
          className="confirm-lines mono small"
          data-testid="confirm-lines"
          aria-label="What the request does"
        >
          {summaryLines.map((line, i) => (
            <li key={i} data-testid="confirm-line">
              {line}
            </li>
          ))}
        </ol>
      ) : null}
      {prepared.fields.length ? (
        summaryLines?.length ? (
          // The lines say it in a few words; every field stays one click away.
          <details data-testid="confirm-fields-details">
            <summary className="small">Every field of the body ({prepared.fields.length})</summary>
            <FieldTable fields={prepared.fields} />
          </details>
        ) : (
          <FieldTable fields={prepared.fields} />
        )
      ) : (
        <p className="small muted" data-testid="confirm-no-body">
          No body: the media type alone selects the operation.
        </p>
      )}
      {body !== null ? (
        <details open={body.length <= OPEN_BODY_CHARS}>
          <summary className="small">The exact body that will be signed and sent</summary>
          <pre className="mono small" data-testid="confirm-body">
            {body}
          </pre>
        </details>
      ) : null}
    </section>
  );
}

/**
 * Every body field: its name, the exact string signed, and, for an amount with its currency, how
 * it reads in the tables ("13,726,000 USDC").
 */
function FieldTable({ fields }: { fields: PreparedAction['fields'] }) {
  return (
    <table className="prepared-fields" data-testid="confirm-fields">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Signed exactly as</th>
          <th scope="col">Reads as</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.name} data-testid={`confirm-field-${f.name}`}>
            <th scope="row" className="mono">
              {f.name}
            </th>
            <td className="mono" data-testid="confirm-field-value">
              {f.value}
            </td>
            <td data-testid="confirm-field-shown">
              {isAddressField(f) ? (
                <FullAddress value={f.value} testId="confirm-field-address" />
              ) : f.note && isDecimal(f.value) ? (
                <span className="amount">{formatAmount(f.value, f.note)}</span>
              ) : (
                <span className="muted">{f.note ?? ''}</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An address the request sends, whole: the operator reads every character before signing. */
function AddressRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{addressLabel(name)}</dt>
      <dd data-testid={`confirm-address-${name}`}>
        <FullAddress
          value={value}
          testId="confirm-address"
          copyLabel={`Copy ${addressLabel(name).toLowerCase()}`}
        />
      </dd>
    </>
  );
}

/** A context line; an amount reads as in the tables, the value as the platform sent it on hover. */
function ContextRow({ row }: { row: PreparedAction['context'][number] }) {
  return (
    <>
      <dt>{row.label}</dt>
      {row.amount ? (
        <dd className="amount" title={`${row.amount.value} ${row.amount.currency}`}>
          {formatAmount(row.amount.value, row.amount.currency)}
        </dd>
      ) : (
        <dd>{row.value}</dd>
      )}
    </>
  );
}
