import type { CryptoAddress } from '@shared/platform/resources';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { JsonBlock } from '../../components/JsonBlock';
import { Timestamp } from '../../components/Timestamp';
import { DetailPane, FieldList, NONE, SubTable } from '../../components/view-kit';

/** Every field of one address, with its embedded currency configurations. */
export function AddressDetail({ address: a, onClose }: { address: CryptoAddress; onClose(): void }) {
  const configs = a._embedded?.currencyConfigurations ?? [];
  return (
    <DetailPane
      testId="address-detail"
      label="Address detail"
      onClose={onClose}
      title={
        <>
          <span className="ellipsis">{a.name || '(no name)'}</span>
          <Badge
            value={a.isWhitelist ? 'whitelisted' : 'not whitelisted'}
            tone={a.isWhitelist ? 'ok' : 'neutral'}
          />
        </>
      }
    >
      <FieldList
        fields={[
          { label: 'Address', value: <IdText value={a.address} /> },
          { label: 'Id', value: <IdText value={a.cryptoAddressId} /> },
          { label: 'Currency', value: `${a.currency} on ${a.mainCurrency}` },
          { label: 'Address type', value: <Badge value={a.addressType} /> },
          { label: 'Category', value: <Badge value={a.category} /> },
          {
            label: 'Accept tokens',
            value: a.acceptTokens === undefined ? '—' : a.acceptTokens ? 'yes' : 'no',
          },
          { label: 'Memo', value: a.memo || '—', className: 'mono' },
          {
            label: 'Tags',
            value: a.addressTags?.length ? a.addressTags.map((t) => JSON.stringify(t)).join(', ') : '—',
          },
          {
            label: 'Portfolios',
            value: a.portfolioIds.length ? a.portfolioIds.join(', ') : '—',
            className: 'mono small',
          },
          { label: 'Organization', value: <IdText value={a.organizationId} /> },
          { label: 'Created', value: <TimeBy at={a.createdAt} by={a.createdBy} /> },
          { label: 'Updated', value: <TimeBy at={a.updatedAt} by={a.updatedBy} /> },
          { label: 'Last used', value: <Timestamp value={a.lastUsedAt} /> },
        ]}
      />
      <h4>Currency configurations ({configs.length})</h4>
      <SubTable
        testId="currency-configurations"
        rows={configs}
        empty={NONE}
        rowKey={(c) => c.currencyConfigurationId}
        rowProps={(c) => ({
          title: `${c.currencyConfigurationId} · updated ${c.updatedAt} by ${c.updatedBy}`,
        })}
        columns={[
          { header: 'Currency', cell: (c) => c.currency },
          { header: 'Whitelist', cell: (c) => <WhitelistBadge on={c.isWhitelist} /> },
          { header: 'Portfolios', className: 'mono small', cell: (c) => c.portfolioIds.join(', ') || '—' },
          { header: 'Last used', cell: (c) => <Timestamp value={c.lastUsedAt} /> },
        ]}
      />
      {configs.some((c) => Object.keys(c.extra).length > 0) ? (
        <>
          <h4>Configuration extras</h4>
          {configs.map((c) =>
            Object.keys(c.extra).length > 0 ? (
              <JsonBlock key={c.currencyConfigurationId} value={c.extra} />
            ) : null,
          )}
        </>
      ) : null}
      {a.extra && Object.keys(a.extra).length > 0 ? (
        <>
          <h4>Extra</h4>
          <JsonBlock value={a.extra} />
        </>
      ) : null}
    </DetailPane>
  );
}

export function WhitelistBadge({ on }: { on: boolean }) {
  return <Badge value={on ? 'whitelisted' : 'not'} tone={on ? 'ok' : 'neutral'} />;
}

/** A time and, when known, who did it. */
function TimeBy({ at, by }: { at: string | null | undefined; by: string | null | undefined }) {
  return (
    <>
      <Timestamp value={at} /> {by ? <span className="muted small">by {by}</span> : null}
    </>
  );
}
