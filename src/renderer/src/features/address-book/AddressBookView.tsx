import { useMemo } from 'react';
import { z } from 'zod';
import { spellingList, type WorkspaceView } from '@shared/contract';
import { ADDRESS_TYPES } from '@shared/platform/enums';
import type { CryptoAddress } from '@shared/platform/resources';
import { useFeatureFilters } from '../../state/feature-filters';
import { DataTable, defaultLayout } from '../../components/data-table';
import {
  DraftFilterBar,
  filterFieldsFor,
  seenValues,
  useDraftFilters,
  useLocalSearch,
  useSelectedRow,
  useTabTable,
  WalkStatus,
} from '../../components/view-kit';
import { useWalk, walkTableState } from '../../state/use-walk';
import { AddressDetail } from './AddressDetail';
import { columns } from './columns';
import { addressesQuery, type AddressParams } from './queries';
import { findAddresses, prepareFind } from './search';
import { ScopedSearch } from '../../components/view-kit/ScopedSearch';
import { knownAddressValues, type KnownAddressValues } from './known-values';

const LIST_FIELDS = ['cryptoAddressIds', 'currencies', 'mainCurrencies', 'addressTags', 'addresses'] as const;

const filterSchema = z.object({
  cryptoAddressIds: z.array(z.string()),
  currencies: z.array(z.string()),
  mainCurrencies: z.array(z.string()),
  addressTags: z.array(z.string()),
  addresses: z.array(z.string()),
  memo: z.string().max(200),
  whitelistedOnly: z.boolean(),
  addressTypes: spellingList, // open (issue 29.4): an unknown spelling is warned about, not refused
  maxRows: z.number().int().min(1).max(1_000_000),
  selectedId: z.string().optional(),
  /** Narrows the loaded rows (search.ts); not sent to the platform. */
  find: z.string().max(200).optional(),
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

const f = filterFieldsFor<Filters>();
const LIST_INPUT = { placeholder: 'a, b, …', width: 110 };
// The exact `addresses` filter is the search box's "Platform" scope (one search per tab).
const filterFields = (known: KnownAddressValues, types: readonly string[]) => [
  f.list('cryptoAddressIds', 'Address ids', 'filter-cryptoAddressIds', { ...LIST_INPUT, width: 170 }),
  f.list('currencies', 'Currencies', 'filter-currencies', { ...LIST_INPUT, options: known.currencies }),
  f.list('mainCurrencies', 'Main currencies', 'filter-mainCurrencies', {
    ...LIST_INPUT,
    options: known.mainCurrencies,
  }),
  f.list('addressTags', 'Tags', 'filter-addressTags', { ...LIST_INPUT, options: known.addressTags }),
  f.text('memo', 'Memo', 'filter-memo', { width: 100 }),
  f.multi('addressTypes', 'Address types', 'filter-address-types', ADDRESS_TYPES, undefined, {
    open: true,
    seen: types,
  }),
  f.checkbox('whitelistedOnly', 'Whitelisted only', 'filter-whitelisted'),
];

function toParams(f: Filters): AddressParams {
  const lists = Object.fromEntries(LIST_FIELDS.filter((k) => f[k].length > 0).map((k) => [k, f[k]]));
  return {
    ...lists,
    ...(f.memo.trim() ? { memo: f.memo.trim() } : {}),
    ...(f.whitelistedOnly ? { isWhitelist: true } : {}),
    ...(f.addressTypes.length ? { addressTypes: f.addressTypes } : {}),
    maxRows: f.maxRows,
  };
}

const LAYOUT = defaultLayout(columns, { id: 'name', desc: false });
const addressIdOf = (a: CryptoAddress) => a.cryptoAddressId;

export default function AddressBookView({ workspace }: { workspace: WorkspaceView }) {
  const wsId = workspace.id;
  const [applied, setApplied] = useFeatureFilters(wsId, 'address-book', filterSchema, DEFAULTS);
  const params = useMemo(() => toParams(applied), [applied]);
  const walk = useWalk(addressesQuery(wsId, params));
  const form = useDraftFilters({
    applied,
    setApplied,
    reload: walk.reload,
    keyOf: (f) => JSON.stringify(toParams(f)),
    defaults: DEFAULTS,
    listFields: LIST_FIELDS,
    keep: ['selectedId', 'find'],
  });
  // After a failed request, the rows (and the detail) of the previous one are not shown under its
  // error (issue 11 point 6); only the rows the failed walk itself streamed stay (issue 30).
  const loaded = walk.rows;
  const find = applied.find ?? '';
  const rows = useLocalSearch(loaded, find, findAddresses, prepareFind);
  const fields = useMemo(
    () =>
      filterFields(
        knownAddressValues(loaded),
        seenValues(loaded ?? [], (a) => a.addressType),
      ),
    [loaded],
  );
  const selected = useSelectedRow(loaded, addressIdOf, applied.selectedId, (id) =>
    setApplied({ ...applied, selectedId: id ?? undefined }),
  );

  const table = useTabTable(wsId, 'address-book', LAYOUT, walkTableState(walk), walk.reload);
  return (
    <div className="split-v">
      <DraftFilterBar
        testId="address-filters"
        fields={fields}
        form={form}
        applyLabel="Apply & load"
        busy={walk.status === 'loading'}
      />
      <WalkStatus
        walk={walk}
        label="Loading addresses"
        progressTestId="addresses-progress"
        reportTestId="address-book-walk"
      />
      <div className="split">
        <DataTable
          {...table}
          {...selected.table}
          rows={rows}
          columns={columns}
          emptyText={
            find.trim() ? 'No loaded address contains this text.' : 'No addresses match these filters.'
          }
          toolbar={
            <>
              <h2 className="pane-title">Address book</h2>
              <ScopedSearch
                testId="address-find"
                noun="addresses"
                loaded={{
                  value: find,
                  onChange: (v) => setApplied({ ...applied, find: v === '' ? undefined : v }),
                  placeholder: 'Find in loaded…',
                  help: 'Narrows the loaded addresses as you type: any part of a name, address, id, currency, network, memo or tag.',
                }}
                platform={{
                  value: form.text('addresses'),
                  onChange: (v) => form.setText('addresses', v),
                  onSubmit: form.apply,
                  placeholder: 'Exact addresses, comma-separated',
                  help: 'Asks the platform for these exact addresses (Enter) and loads them, beyond the loaded rows.',
                  applied: applied.addresses.join(', '),
                }}
              >
                {find.trim() && loaded ? (
                  <span className="small muted" data-testid="address-find-count">
                    {(rows?.length ?? 0).toLocaleString()} of {loaded.length.toLocaleString()} loaded
                  </span>
                ) : null}
              </ScopedSearch>
            </>
          }
        />
        {selected.row ? <AddressDetail address={selected.row} onClose={selected.close} /> : null}
      </div>
    </div>
  );
}
