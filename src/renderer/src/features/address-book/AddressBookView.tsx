import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { CallInput, WorkspaceView } from '@shared/contract';
import { ADDRESS_TYPES } from '@shared/platform/enums';
import type { CryptoAddress } from '@shared/platform/resources';
import { WalkReport } from '../activities/WalkReport';
import { useFeatureFilters } from '../../app/feature-filters';
import { Badge } from '../../components/Badge';
import { DataTable, defaultLayout, usePersistedLayout, type ColumnSpec } from '../../components/data-table';
import { MultiSelect, parseList } from '../../components/MultiSelect';
import { ProgressBar } from '../../components/ProgressBar';
import { copper } from '../../lib/api';
import { useJobProgress } from '../../lib/progress-store';
import { createWorkspaceQuery, useWorkspaceQuery } from '../../lib/query-store';
import { AddressDetail } from './AddressDetail';

const LIST_FIELDS = ['cryptoAddressIds', 'currencies', 'mainCurrencies', 'addressTags', 'addresses'] as const;
type ListField = (typeof LIST_FIELDS)[number];
const LIST_LABELS: Record<ListField, string> = {
  cryptoAddressIds: 'Address ids',
  currencies: 'Currencies',
  mainCurrencies: 'Main currencies',
  addressTags: 'Tags',
  addresses: 'Addresses',
};

const filterSchema = z.object({
  cryptoAddressIds: z.array(z.string()),
  currencies: z.array(z.string()),
  mainCurrencies: z.array(z.string()),
  addressTags: z.array(z.string()),
  addresses: z.array(z.string()),
  memo: z.string().max(200),
  whitelistedOnly: z.boolean(),
  addressTypes: z.array(z.enum(ADDRESS_TYPES)),
  maxRows: z.number().int().min(1).max(1_000_000),
  selectedId: z.string().optional(),
});
type Filters = z.infer<typeof filterSchema>;
const DEFAULTS: Filters = {
  cryptoAddressIds: [],
  currencies: [],
  mainCurrencies: [],
  addressTags: [],
  addresses: [],
  memo: '',
  whitelistedOnly: false,
  addressTypes: [],
  maxRows: 50_000,
};

type Params = Omit<CallInput<'cryptoAddresses.listAll'>, 'workspaceId' | 'jobId'>;
function toParams(f: Filters): Params {
  const lists = Object.fromEntries(LIST_FIELDS.filter((k) => f[k].length > 0).map((k) => [k, f[k]]));
  return {
    ...lists,
    ...(f.memo.trim() ? { memo: f.memo.trim() } : {}),
    ...(f.whitelistedOnly ? { isWhitelist: true } : {}),
    ...(f.addressTypes.length ? { addressTypes: f.addressTypes } : {}),
    maxRows: f.maxRows,
  };
}

const addressQuery = createWorkspaceQuery(
  (wsId, p: Params, jobId) => copper().cryptoAddresses.listAll({ workspaceId: wsId, jobId, ...p }),
  'addresses',
);

const columns: ColumnSpec<CryptoAddress>[] = [
  { id: 'name', header: 'Name', value: (a) => a.name, width: 170 },
  { id: 'address', header: 'Address', kind: 'id', value: (a) => a.address, width: 250, grow: true },
  { id: 'currency', header: 'Ccy', value: (a) => a.currency, width: 65 },
  { id: 'mainCurrency', header: 'Network', value: (a) => a.mainCurrency, width: 95 },
  {
    id: 'isWhitelist',
    header: 'Whitelist',
    value: (a) => (a.isWhitelist ? 'whitelisted' : 'not'),
    render: (a) => (
      <Badge value={a.isWhitelist ? 'whitelisted' : 'not'} tone={a.isWhitelist ? 'ok' : 'neutral'} />
    ),
    width: 110,
  },
  // Wide enough for "externally-owned-account", the longest address type.
  { id: 'addressType', header: 'Address type', kind: 'badge', value: (a) => a.addressType, width: 190 },
  {
    id: 'category',
    header: 'Category',
    kind: 'badge',
    value: (a) => a.category,
    width: 120,
    defaultHidden: true,
  },
  { id: 'memo', header: 'Memo', value: (a) => a.memo, width: 110 },
  {
    id: 'configs',
    header: 'Configs',
    kind: 'number',
    value: (a) => String(a._embedded?.currencyConfigurations.length ?? 0),
    width: 90,
    defaultHidden: true,
  },
  {
    id: 'lastUsedAt',
    header: 'Last used',
    kind: 'time',
    value: (a) => a.lastUsedAt,
    width: 160,
    defaultHidden: true,
  },
  { id: 'createdAt', header: 'Created', kind: 'time', value: (a) => a.createdAt, width: 155 },
  {
    id: 'cryptoAddressId',
    header: 'Id',
    kind: 'id',
    value: (a) => a.cryptoAddressId,
    width: 170,
    defaultHidden: true,
  },
  {
    id: 'createdBy',
    header: 'Created by',
    kind: 'id',
    value: (a) => a.createdBy,
    width: 150,
    defaultHidden: true,
  },
];
const LAYOUT = defaultLayout(columns, { id: 'name', desc: false });

export default function AddressBookView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [applied, setApplied] = useFeatureFilters(wsId, 'address-book', filterSchema, DEFAULTS);
  const [draft, setDraft] = useState(applied);
  const [texts, setTexts] = useState<Record<ListField, string>>(
    () => Object.fromEntries(LIST_FIELDS.map((k) => [k, applied[k].join(', ')])) as Record<ListField, string>,
  );
  const params = useMemo(() => toParams(applied), [applied]);
  const entry = useWorkspaceQuery(addressQuery, wsId, params);
  const progress = useJobProgress(entry.jobId);
  const [layout, setLayout] = usePersistedLayout(wsId, 'address-book', LAYOUT);
  // After a failed request, the rows (and the detail) of the previous one are not shown under its
  // error (issue 11 point 6).
  const rows = entry.status === 'error' ? null : (entry.data?.items ?? null);
  const selected = useMemo(
    () => rows?.find((a) => a.cryptoAddressId === applied.selectedId) ?? null,
    [rows, applied.selectedId],
  );

  const apply = () => {
    const lists = Object.fromEntries(LIST_FIELDS.map((k) => [k, parseList(texts[k])]));
    const next: Filters = { ...draft, ...lists, selectedId: applied.selectedId };
    if (JSON.stringify(toParams(next)) === JSON.stringify(params)) void addressQuery.load(wsId, params, true);
    setDraft(next);
    setApplied(next);
  };

  return (
    <div className="split-v">
      <form
        className="filters"
        data-testid="address-filters"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        {LIST_FIELDS.map((k) => (
          <label key={k} className="field">
            {LIST_LABELS[k]}
            <input
              data-testid={`filter-${k}`}
              placeholder="a, b, …"
              value={texts[k]}
              onChange={(e) => setTexts({ ...texts, [k]: e.target.value })}
              style={{ width: k === 'addresses' || k === 'cryptoAddressIds' ? 170 : 110 }}
            />
          </label>
        ))}
        <label className="field">
          Memo
          <input
            data-testid="filter-memo"
            value={draft.memo}
            onChange={(e) => setDraft({ ...draft, memo: e.target.value })}
            style={{ width: 100 }}
          />
        </label>
        <MultiSelect
          label="Address types"
          testId="filter-address-types"
          options={ADDRESS_TYPES}
          value={draft.addressTypes}
          onChange={(v) => setDraft({ ...draft, addressTypes: v as Filters['addressTypes'] })}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="filter-whitelisted"
            checked={draft.whitelistedOnly}
            onChange={(e) => setDraft({ ...draft, whitelistedOnly: e.target.checked })}
          />
          Whitelisted only
        </label>
        <div className="filters-actions">
          <button
            type="button"
            className="btn small"
            onClick={() => {
              setDraft(DEFAULTS);
              setTexts({
                cryptoAddressIds: '',
                currencies: '',
                mainCurrencies: '',
                addressTags: '',
                addresses: '',
              });
            }}
          >
            Clear
          </button>
          <button
            type="submit"
            className="btn small primary"
            data-testid="load"
            disabled={entry.status === 'loading'}
          >
            Apply & load
          </button>
        </div>
      </form>
      {entry.status === 'loading' ? (
        <ProgressBar
          testId="addresses-progress"
          label="Loading addresses"
          done={progress?.done ?? 0}
          total={progress?.total ?? null}
          onCancel={entry.jobId ? () => void addressQuery.cancel(wsId) : undefined}
        />
      ) : null}
      {entry.data && entry.status !== 'error' ? (
        <WalkReport testId="address-book-walk" report={{ ...entry.data, rows: entry.data.items.length }} />
      ) : null}
      <div className="split">
        <DataTable
          testId="table-address-book"
          rows={rows}
          columns={columns}
          getRowId={(a) => a.cryptoAddressId}
          status={entry.status}
          error={entry.error}
          onRetry={() => void addressQuery.load(wsId, params, true)}
          layout={layout}
          onLayoutChange={setLayout}
          selectedId={applied.selectedId ?? null}
          onSelect={(a) => setApplied({ ...applied, selectedId: a.cryptoAddressId })}
          emptyText="No addresses match these filters."
          toolbar={<h2 className="pane-title">Address book</h2>}
        />
        {selected ? (
          <AddressDetail
            address={selected}
            onClose={() => setApplied({ ...applied, selectedId: undefined })}
          />
        ) : null}
      </div>
    </div>
  );
}
