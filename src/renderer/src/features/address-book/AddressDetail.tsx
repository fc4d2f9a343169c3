import type { CryptoAddress } from '@shared/platform/resources';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { FullAddress } from '../../components/FullAddress';
import { JsonBlock } from '../../components/JsonBlock';
import { PlatformText } from '../../components/PlatformText';
import { Timestamp } from '../../components/Timestamp';
import { objectEntries, objectOr, stringOr } from '../../lib/display-text';
import { DetailPane, FieldList, ListSection } from '../../components/view-kit';

/** Every field of one address, with its embedded currency configurations. */
export type AddressEmbedded = NonNullable<CryptoAddress['_embedded']>;
type Config = AddressEmbedded['currencyConfigurations'][number];

/** A list the platform sent, as text: null and non-text entries shown as received; none: "—". */
const listText = (list: unknown): string =>
  Array.isArray(list) && list.length > 0
    ? list.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'))).join(', ')
    : '—';

/** Keys of an object the platform sent; anything else has none. */
const keysOf = (v: unknown): string[] => Object.keys(objectOr<object>(v) ?? {});

export function AddressDetail({ address: a, onClose }: { address: CryptoAddress; onClose(): void }) {
  // The platform may send null for `_embedded`, the list or an entry of it (issue 25): left out, counted.
  const list = objectOr<AddressEmbedded>(a._embedded)?.currencyConfigurations;
  const configs = objectEntries<Config>(list);
  return (
    <DetailPane
      testId="address-detail"
      label="Address detail"
      onClose={onClose}
      title={
        <>
          <span className="ellipsis">{a.name ? <PlatformText value={a.name} /> : '(no name)'}</span>
          <WhitelistBadge on={a.isWhitelist} />
        </>
      }
    >
      <FieldList
        fields={[
          // Whole, never cut (issue 29.3): a poisoned look-alike differs only in the middle.
          { label: 'Address', value: <FullAddress value={a.address} testId="address-full" /> },
          { label: 'Id', value: <IdText value={a.cryptoAddressId} /> },
          {
            label: 'Currency',
            value: (
              <>
                <PlatformText value={a.currency} /> on <PlatformText value={a.mainCurrency} />
              </>
            ),
          },
          { label: 'Address type', value: <Badge value={a.addressType} /> },
          { label: 'Category', value: <Badge value={a.category} /> },
          {
            label: 'Accept tokens',
            value: a.acceptTokens === undefined ? '—' : a.acceptTokens ? 'yes' : 'no',
          },
          { label: 'Memo', value: <PlatformText value={a.memo} />, className: 'mono' },
          {
            label: 'Tags',
            value:
              Array.isArray(a.addressTags) && a.addressTags.length
                ? a.addressTags.map((t) => JSON.stringify(t) ?? 'null').join(', ')
                : '—',
          },
          { label: 'Portfolios', value: listText(a.portfolioIds), className: 'mono small' },
          { label: 'Organization', value: <IdText value={a.organizationId} /> },
          { label: 'Created', value: <TimeBy at={a.createdAt} by={a.createdBy} /> },
          { label: 'Updated', value: <TimeBy at={a.updatedAt} by={a.updatedBy} /> },
          { label: 'Last used', value: <Timestamp value={a.lastUsedAt} /> },
        ]}
      />
      <ListSection<Config>
        title="Currency configurations"
        testId="currency-configurations"
        list={list}
        id={(c) => c.currencyConfigurationId}
        hover={(c) =>
          `${stringOr(c.currencyConfigurationId)} · updated ${stringOr(c.updatedAt)} by ${stringOr(c.updatedBy)}`
        }
        columns={[
          { header: 'Currency', cell: (c) => <PlatformText value={c.currency} /> },
          { header: 'Whitelist', cell: (c) => <WhitelistBadge on={c.isWhitelist} /> },
          { header: 'Portfolios', className: 'mono small', cell: (c) => listText(c.portfolioIds) },
          { header: 'Last used', cell: (c) => <Timestamp value={c.lastUsedAt} /> },
        ]}
      />
      {configs.some((c) => keysOf(c.extra).length > 0) ? (
        <>
          <h4>Configuration extras</h4>
          {configs.map((c, i) =>
            keysOf(c.extra).length > 0 ? (
              <JsonBlock key={`${String(c.currencyConfigurationId)}-${i}`} value={c.extra} />
            ) : null,
          )}
        </>
      ) : null}
      {keysOf(a.extra).length > 0 ? (
        <>
          <h4>Extra</h4>
          <JsonBlock value={a.extra} />
        </>
      ) : null}
    </DetailPane>
  );
}

/** Whitelisted, not, or unknown when the platform sent no boolean (null is not "not"). */
export function WhitelistBadge({ on }: { on: unknown }) {
  if (typeof on !== 'boolean') return <span className="muted">unknown</span>;
  return <Badge value={on ? 'whitelisted' : 'not'} tone={on ? 'ok' : 'neutral'} />;
}

/** A time and, when known, who did it. */
function TimeBy({ at, by }: { at: unknown; by: unknown }) {
  return (
    <>
      <Timestamp value={at} />{' '}
      {by ? (
        <span className="muted small">
          by <PlatformText value={by} />
        </span>
      ) : null}
    </>
  );
}
