import type { CryptoAddress } from '@shared/platform/resources';
import { Badge } from '../../components/Badge';
import { IdText } from '../../components/CopyButton';
import { JsonBlock } from '../../components/JsonBlock';
import { Timestamp } from '../../components/Timestamp';
import { DetailCloseButton } from '../../components/DetailCloseButton';

/** Every field of one address, with its embedded currency configurations. */
export function AddressDetail({ address: a, onClose }: { address: CryptoAddress; onClose(): void }) {
  const configs = a._embedded?.currencyConfigurations ?? [];
  return (
    <aside className="detail" data-testid="address-detail" aria-label="Address detail">
      <h3>
        <span className="ellipsis">{a.name || '(no name)'}</span>
        <Badge
          value={a.isWhitelist ? 'whitelisted' : 'not whitelisted'}
          tone={a.isWhitelist ? 'ok' : 'neutral'}
        />
        <DetailCloseButton onClose={onClose} />
      </h3>
      <dl className="kv">
        <dt>Address</dt>
        <dd>
          <IdText value={a.address} />
        </dd>
        <dt>Id</dt>
        <dd>
          <IdText value={a.cryptoAddressId} />
        </dd>
        <dt>Currency</dt>
        <dd>
          {a.currency} on {a.mainCurrency}
        </dd>
        <dt>Address type</dt>
        <dd>
          <Badge value={a.addressType} />
        </dd>
        <dt>Category</dt>
        <dd>
          <Badge value={a.category} />
        </dd>
        <dt>Accept tokens</dt>
        <dd>{a.acceptTokens === undefined ? '—' : a.acceptTokens ? 'yes' : 'no'}</dd>
        <dt>Memo</dt>
        <dd className="mono">{a.memo || '—'}</dd>
        <dt>Tags</dt>
        <dd>{a.addressTags?.length ? a.addressTags.map((t) => JSON.stringify(t)).join(', ') : '—'}</dd>
        <dt>Portfolios</dt>
        <dd className="mono small">{a.portfolioIds.length ? a.portfolioIds.join(', ') : '—'}</dd>
        <dt>Organization</dt>
        <dd>
          <IdText value={a.organizationId} />
        </dd>
        <dt>Created</dt>
        <dd>
          <Timestamp value={a.createdAt} /> <span className="muted small">by {a.createdBy}</span>
        </dd>
        <dt>Updated</dt>
        <dd>
          <Timestamp value={a.updatedAt} />{' '}
          {a.updatedBy ? <span className="muted small">by {a.updatedBy}</span> : null}
        </dd>
        <dt>Last used</dt>
        <dd>
          <Timestamp value={a.lastUsedAt} />
        </dd>
      </dl>
      <h4>Currency configurations ({configs.length})</h4>
      {configs.length === 0 ? (
        <p className="muted small">None.</p>
      ) : (
        <table className="sub-table" data-testid="currency-configurations">
          <thead>
            <tr>
              <th>Currency</th>
              <th>Whitelist</th>
              <th>Portfolios</th>
              <th>Last used</th>
            </tr>
          </thead>
          <tbody>
            {configs.map((c) => (
              <tr
                key={c.currencyConfigurationId}
                title={`${c.currencyConfigurationId} · updated ${c.updatedAt} by ${c.updatedBy}`}
              >
                <td>{c.currency}</td>
                <td>
                  <Badge
                    value={c.isWhitelist ? 'whitelisted' : 'not'}
                    tone={c.isWhitelist ? 'ok' : 'neutral'}
                  />
                </td>
                <td className="mono small">{c.portfolioIds.join(', ') || '—'}</td>
                <td>
                  <Timestamp value={c.lastUsedAt} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
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
    </aside>
  );
}
