/**
 * The contract: every call the renderer may make and every event the main side pushes.
 *
 * This module is the single source of truth for what crosses the process boundary. The router
 * (main), the preload bridge (Electron), the web bridge (browser mode) and the renderer's
 * `window.copper` type are all derived from `contract` and `EVENT_NAMES` below; nothing else may
 * cross. Inputs are zod schemas, parsed on the main side before any handler runs. Results are
 * `Result<T>` values. The renderer never receives a secret: no call below returns one.
 */
import { z } from 'zod';
import { ALL_WEBHOOK_EVENT_TYPES, ENVIRONMENTS } from './platform/enums';
import { workspaceNameSchema, type WorkspaceUpdated } from './workspace-rules';
import { MAX_AUTO_LOCK_MINUTES, MIN_AUTO_LOCK_MINUTES, type VaultAutoLock } from './vault-settings';
import type {
  Account,
  Activity,
  ClearLoopAction,
  CryptoAddress,
  Loan,
  Pagination,
  Portfolio,
  Wallet,
} from './platform/resources';
import type { Result } from './result';
import type { LoanRow } from './loan-row';
import {
  checkInput,
  executeInput,
  prepareInput,
  settleInput,
  type ActionResult,
  type CheckResult,
  type PreparedAction,
  type UnsettledAction,
} from './actions';
import type { GuardStatus } from './platform/limits';
import { estimateLtvInput, ltvDryRunInput, type LtvRead } from './ltv-reads';
import { EVENT_NAME_LIST } from './channels';
import {
  MAX_WEBHOOK_BODY_BYTES,
  WEBHOOK_VERDICTS,
  receiverPort,
  webhookEventName,
  type ReceivedWebhook,
  type SandboxDelivery,
  type SandboxSubscription,
  type WebhookReceiverStatus,
  type WebhookVerification,
} from './contract-webhooks';

import { rowWindowInput, storeId, type LoadedRows, type RowWindow } from './row-model';
import {
  activitiesQuery,
  activityFilters,
  clearLoopQuery,
  cryptoAddressesQuery,
  id,
  job,
  stream,
  jobId,
  limit,
  offset,
  loanFilters,
  loanTarget,
  loansQuery,
  portfoliosQuery,
  walletsQuery,
  accountsQuery,
  workspaceId,
} from './contract-inputs';
import type {
  AgentWalletsRead,
  AllRows,
  AppInfo,
  ConnectionTest,
  ExportResult,
  HistoryEntry,
  JournalActionPage,
  JournalEntryView,
  JournalPage,
  JournalVerdict,
  KeychainStatus,
  Page,
  ProgressEvent,
  SavePathChoice,
  WorkspaceList,
  WorkspaceView,
} from './contract-views';
import { JOURNAL_OUTCOMES, JOURNAL_STEPS } from './contract-views';
import { installOnRestartInput, type UpdateStatus } from './contract-updates';
import { riskSettingsInput, type RiskAlert, type RiskBoard, type RiskSettings } from './risk';
import type { JobFailure } from './job-status';
import { operatorNameSchema, type OperatorNameView } from './operator-name';
import { MAX_ASSET_CSV_BYTES, exchangeAssetTable, type ExchangeAssetTableView } from './exchange-assets';
import {
  priceCsvInput,
  priceRowsSchema,
  staleAfterMinutesSchema,
  type PriceImport,
  type PriceSheet,
} from './price-sheet';

export * from './contract-webhooks';
import { NEGOTIATED_OPERATIONS, type LearnedPageSize } from './platform/page-limits';
export * from './contract-inputs';
export * from './contract-views';
export * from './contract-updates';
export * from './operator-name';

// The journal's and the history's filters (issue 12).
const isoTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/,
    'must be an ISO time in UTC such as 2026-01-31T12:00:00.000Z',
  );
const journalFilters = z.object({
  action: z.string().trim().min(1).max(200).optional(),
  outcome: z.enum(JOURNAL_OUTCOMES).optional(),
  step: z.enum(JOURNAL_STEPS).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  search: z.string().max(200).optional(),
  unsettledOnly: z.boolean().optional(),
});
const historyStatusFilter = z
  .string()
  .regex(/^([1-5]xx|[1-5]\d\d|none)$/, 'must be a status such as 409, a class such as 4xx, or none');

// ---------------------------------------------------------------------------------------------
// Building blocks

/** A call's definition: its input schema, and its result type carried as a phantom. */
export interface CallDef<I extends z.ZodType, O> {
  readonly input: I;
  readonly __result?: O;
}
const call =
  <O>() =>
  <I extends z.ZodType>(input: I): CallDef<I, O> => ({ input });

// ---------------------------------------------------------------------------------------------
// The contract

export const contract = {
  app: {
    info: call<AppInfo>()(z.object({})),
  },
  workspaces: {
    list: call<WorkspaceList>()(z.object({})),
    create: call<WorkspaceView>()(
      z.object({
        name: workspaceNameSchema,
        environment: z.enum(ENVIRONMENTS),
        organizationId: id,
        baseUrl: z.string().trim().max(500).optional(),
        defaultPortfolioId: id.optional(),
      }),
    ),
    /** Changing the base URL or organization removes the stored key (`keyRemoved` says so). */
    update: call<WorkspaceUpdated>()(
      z.object({
        id: workspaceId,
        name: workspaceNameSchema.optional(),
        organizationId: id.optional(),
        baseUrl: z.string().trim().max(500).optional(),
        defaultPortfolioId: id.nullable().optional(),
      }),
    ),
    remove: call<WorkspaceList>()(z.object({ id: workspaceId })),
    activate: call<WorkspaceList>()(z.object({ id: workspaceId })),
    saveUiState: call<null>()(
      z.object({
        id: workspaceId,
        uiState: z
          .record(z.string(), z.unknown())
          .refine((v) => JSON.stringify(v).length <= 256_000, 'is larger than 256 KB'),
      }),
    ),
    testConnection: call<ConnectionTest>()(z.object({ id: workspaceId })),
  },
  keychain: {
    status: call<KeychainStatus>()(z.object({})),
    /** Stores a workspace's API key and secret. The secret never comes back out. */
    setKey: call<{ configured: true }>()(
      z.object({
        workspaceId,
        apiKey: z.string().trim().min(1, 'must not be empty').max(500),
        apiSecret: z.string().min(1, 'must not be empty').max(2000),
      }),
    ),
    deleteKey: call<{ configured: false }>()(z.object({ workspaceId })),
    /** The main side also refuses a passphrase zxcvbn scores below 3 (shared/passphrase-strength). */
    createVault: call<KeychainStatus>()(
      z.object({ passphrase: z.string().min(12, 'must be at least 12 characters').max(1000) }),
    ),
    unlockVault: call<KeychainStatus>()(z.object({ passphrase: z.string().min(1).max(1000) })),
    lockVault: call<KeychainStatus>()(z.object({})),
    /** Minutes without use before the vault locks itself; persisted. */
    autoLock: call<VaultAutoLock>()(z.object({})),
    setAutoLock: call<VaultAutoLock>()(
      z.object({ minutes: z.number().int().min(MIN_AUTO_LOCK_MINUTES).max(MAX_AUTO_LOCK_MINUTES) }),
    ),
  },
  portfolios: {
    list: call<Portfolio[]>()(portfoliosQuery),
  },
  wallets: {
    list: call<Wallet[]>()(walletsQuery),
  },
  accounts: {
    list: call<Account[]>()(accountsQuery),
  },
  loans: {
    list: call<Page<Loan>>()(loansQuery),
    get: call<Loan>()(loanTarget),
    /** Every loan matching the filters (pages of 1,000) with `progress` events; cancel with `jobs.cancel`. */
    /** Every loan as a row (shared/loan-row.ts); `loans.get` reads one whole. */
    listAll: call<AllRows<LoanRow>>()(
      loanFilters.omit({ loanIds: true }).extend({ workspaceId, jobId, ...stream }),
    ),
    /**
     * The two PATCHes that change nothing (src/shared/ltv-reads.ts): reads, sent once, not
     * journalled; the renderer shows the exact request (`estimateLtvRequest`) before it sends.
     */
    estimateLtv: call<LtvRead<Loan>>()(estimateLtvInput.extend({ workspaceId })),
    ltvDryRun: call<LtvRead<Record<string, unknown>>>()(ltvDryRunInput.extend({ workspaceId })),
  },
  /**
   * Every POST and PATCH that changes state on the platform, in two steps (src/shared/actions.ts):
   * prepare builds the exact request under a one-shot id; execute signs and sends it once and
   * answers done, refused or unknown. There is no other way to send an action.
   */
  actions: {
    prepare: call<PreparedAction>()(prepareInput),
    execute: call<ActionResult>()(executeInput),
    /** Outcome unknown: re-read the object and settle the action when the answer is clear. */
    check: call<CheckResult>()(checkInput),
    /** Where the platform offers no read: the operator records what they found. */
    settle: call<CheckResult>()(settleInput),
    unsettled: call<UnsettledAction[]>()(z.object({ workspaceId: workspaceId.optional() })),
  },
  /** The lockout guard's counters for a workspace (the meter in the workspace bar). */
  guard: {
    status: call<GuardStatus>()(z.object({ workspaceId })),
  },
  agentWallets: {
    list: call<AgentWalletsRead>()(z.object({ workspaceId, portfolioId: id.optional() })),
  },
  clearloop: {
    /** `nullRows`: null rows dropped from this page; a pager counts them to tell a full page. */
    list: call<{ actions: ClearLoopAction[]; pagination: Pagination; nullRows?: number }>()(clearLoopQuery),
  },
  activities: {
    list: call<Page<Activity>>()(activitiesQuery),
    /** Walks every page (limit 1000) with `progress` events; cancel with `jobs.cancel`. */
    listAll: call<AllRows<Activity>>()(activityFilters.extend({ workspaceId, ...job, ...stream })),
  },
  cryptoAddresses: {
    list: call<Page<CryptoAddress>>()(cryptoAddressesQuery),
    listAll: call<AllRows<CryptoAddress>>()(
      cryptoAddressesQuery.omit({ limit: true, offset: true }).extend({ ...job, ...stream }),
    ),
  },
  exports: {
    /** Asks where to save: a native dialog in Electron; a suggested path in browser mode. */
    chooseSavePath: call<SavePathChoice>()(
      z.object({ suggestedName: z.string().regex(/^[\w.-]{1,120}$/, 'must be a plain file name') }),
    ),
    /** Streams the platform's `text/csv` answer, every page, to `filePath`. */
    activitiesCsv: call<ExportResult>()(
      activityFilters.extend({
        workspaceId,
        jobId,
        filePath: z.string().min(1).max(1000),
        maxRows: z.number().int().min(1).max(10_000_000).optional(),
      }),
    ),
  },
  jobs: {
    cancel: call<{ cancelled: boolean }>()(z.object({ jobId })),
  },
  /** Large results kept on the main side (src/main/row-model); the renderer reads windows of them. */
  rows: {
    /** Walks every activities page (limit 1000) into a store, with `progress`; cancel with `jobs.cancel`. */
    loadActivities: call<LoadedRows>()(activityFilters.extend({ workspaceId, ...job, ...stream })),
    /** Rows offset … offset+count-1 (count ≤ WINDOW_MAX_ROWS) of the store sorted by `sort`. */
    window: call<RowWindow<Activity>>()(rowWindowInput),
    release: call<{ released: boolean }>()(z.object({ storeId })),
  },
  history: {
    /** Newest first; kept on disk per workspace (bounded), so it survives a restart. */
    list: call<HistoryEntry[]>()(
      z.object({
        workspaceId: id.optional(),
        errorsOnly: z.boolean().optional(),
        search: z.string().max(200).optional(),
        /** Exact operation name ("loans.approve"), or a prefix ending in "." ("loans."). */
        operation: z.string().trim().max(100).optional(),
        status: historyStatusFilter.optional(),
        limit: limit(5000).optional(),
      }),
    ),
    /** The operation names recorded so far, for the filter's choices. */
    operations: call<string[]>()(z.object({ workspaceId: id.optional() })),
    /** Forgets the history (of one workspace, or all), on disk too. */
    clear: call<null>()(z.object({ workspaceId: id.optional() })),
  },
  journal: {
    /** Every exchange order the console sent, rebuilt from the journal, newest first (shared/blotter.ts). */
    blotter: call<import('./blotter').BlotterPage>()(
      z.object({
        workspaceId,
        status: z.enum(['resting', 'filled', 'error', 'unknown']).optional(),
        asset: z.number().int().min(0).max(1_000_000).optional(),
        offset: offset.optional(),
        limit: limit(1000).optional(),
      }),
    ),
    /** One window of the Journal view: filtered and paged on the main side, unsettled first, then newest. */
    query: call<JournalPage>()(
      journalFilters.extend({ workspaceId, offset: offset.optional(), limit: limit(1000).optional() }),
    ),
    /** A full entry for the detail pane; null when there is none with that seq. */
    entry: call<JournalEntryView | null>()(
      z.object({ workspaceId, seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
    ),
    /**
     * One window of actions: one row per action id with its first steps, for the actions that have
     * at least one entry `query` would list with the same filters; unsettled first, then the most
     * recently active. Filtered and paged on the main side.
     */
    actions: call<JournalActionPage>()(
      journalFilters.extend({ workspaceId, offset: offset.optional(), limit: limit(500).optional() }),
    ),
    /** Checks the hash chain: the same verdict as `npm run journal -- verify`. */
    verify: call<JournalVerdict>()(z.object({ workspaceId })),
    /** The last "outcome unknown" entry of every action not settled yet (all workspaces when omitted). */
    unsettled: call<JournalEntryView[]>()(z.object({ workspaceId: workspaceId.optional() })),
    /** Writes the matching entries, oldest first, to a new CSV file (formula cells neutralised). */
    exportCsv: call<ExportResult>()(
      journalFilters.extend({ workspaceId, filePath: z.string().min(1).max(1000) }),
    ),
  },
  webhooks: {
    status: call<WebhookReceiverStatus>()(z.object({})),
    /** Starts (or restarts) the local receiver on 127.0.0.1, verifying with the workspace's key. */
    startReceiver: call<WebhookReceiverStatus>()(z.object({ workspaceId, port: receiverPort })),
    stopReceiver: call<WebhookReceiverStatus>()(z.object({})),
    /** Received deliveries, newest first. */
    list: call<ReceivedWebhook[]>()(
      z.object({
        workspaceId: workspaceId.optional(),
        eventType: webhookEventName.optional(),
        verdict: z.enum(WEBHOOK_VERDICTS).optional(),
        limit: limit(1000).optional(),
      }),
    ),
    clear: call<null>()(z.object({})),
    /** Sandbox workspaces only: subscribes the running receiver (default: every event name). */
    subscribeSandbox: call<SandboxSubscription>()(
      z.object({
        workspaceId,
        events: z.array(z.enum(ALL_WEBHOOK_EVENT_TYPES)).min(1).max(50).optional(),
      }),
    ),
    sandboxSubscriptions: call<SandboxSubscription[]>()(z.object({ workspaceId })),
    unsubscribeSandbox: call<{ deleted: true }>()(z.object({ workspaceId, subscriptionId: id })),
    /** The sandbox's delivery log (attempts, status, latency), newest first. */
    sandboxDeliveries: call<SandboxDelivery[]>()(z.object({ workspaceId, subscriptionId: id.optional() })),
    /** Checks a delivery captured elsewhere against the workspace's key; the same code as the receiver. */
    verify: call<WebhookVerification>()(
      z.object({
        workspaceId,
        headers: z.object({
          'X-Signature': z.string().max(500),
          'X-Timestamp': z.string().max(100),
          'X-Id': z.string().max(500).optional(),
        }),
        body: z.string().max(MAX_WEBHOOK_BODY_BYTES),
      }),
    ),
    /** Desktop notifications for these event types (valid deliveries only); [] turns them off. */
    setNotifications: call<WebhookReceiverStatus>()(
      z.object({ eventTypes: z.array(webhookEventName).max(50) }),
    ),
  },
  /** The risk board and its watch (issue 13, src/main/risk): every open loan's distance to margin call. */
  risk: {
    /**
     * The alerts the watch raised since the console started, oldest first (the last 2,000 per
     * workspace, src/main/risk/alert-log.ts): what a reloaded alert centre starts from.
     */
    alerts: call<RiskAlert[]>()(z.object({ workspaceId: workspaceId.optional() })),
    /** The watch's last reading of the open loans; starts the watch for the workspace if it is off. */
    board: call<RiskBoard>()(
      z.object({ workspaceId, firstRows: z.number().int().min(1).max(1_000_000).optional() }),
    ),
    /** Runs one cycle now (skipped if one is running) and answers the board. */
    checkNow: call<RiskBoard>()(z.object({ workspaceId })),
    configure: call<RiskSettings>()(riskSettingsInput.extend({ workspaceId })),
    /** Stops the reminders of a loan's current margin call; journalled as 'acknowledged'. */
    acknowledge: call<RiskBoard>()(z.object({ workspaceId, loanId: id })),
  },
  /**
   * Reference prices per workspace (issue 28, src/main/prices, shared/price-sheet.ts): the
   * operator's own, since the platform has no price endpoint.
   */
  prices: {
    /** The sheet; the built-in sandbox workspace's comes from the sandbox's prices until one is set. */
    get: call<PriceSheet>()(z.object({ workspaceId })),
    /** Replaces the rows (typed or pasted): at most 5,000, one per currency and quote. */
    set: call<PriceSheet>()(z.object({ workspaceId, rows: priceRowsSchema })),
    /** Reads a CSV on the main side: the line errors (nothing changed), or the sheet with its rows. */
    importCsv: call<PriceImport>()(z.object({ workspaceId, text: priceCsvInput })),
    /** Removes the rows (the built-in sandbox workspace goes back to the sandbox's prices). */
    clear: call<PriceSheet>()(z.object({ workspaceId })),
    setStaleAfter: call<PriceSheet>()(z.object({ workspaceId, minutes: staleAfterMinutesSchema })),
  },
  /**
   * The page sizes the walks learned per workspace and list (issue 30,
   * src/main/platform/page-size-store.ts): listed in the workspace's settings; a reset makes the
   * next walk ask for the largest page again.
   */
  pageSizes: {
    list: call<LearnedPageSize[]>()(z.object({ workspaceId })),
    reset: call<LearnedPageSize[]>()(
      z.object({ workspaceId, operation: z.enum(NEGOTIATED_OPERATIONS).optional() }),
    ),
  },
  /** App-wide preferences kept by the main side (src/main/preferences). */
  preferences: {
    /** The operator name the journal records as who acted, the one set and its default. */
    operatorName: call<OperatorNameView>()(z.object({})),
    /** Sets the operator name (1-100 printable characters, trimmed), or null for the OS account name. */
    setOperatorName: call<OperatorNameView>()(z.object({ name: operatorNameSchema.nullable() })),
  },
  /**
   * Each workspace's exchange asset table (src/main/exchange-assets): asset index → name, size
   * decimals and optional price decimals, typed or imported by the operator (the platform does not
   * publish the exchange's list). The built-in sandbox workspace starts with a default table.
   */
  exchangeAssets: {
    get: call<ExchangeAssetTableView>()(z.object({ workspaceId })),
    /** Replaces the table: indexes and names each used once, at most MAX_ASSETS. */
    set: call<ExchangeAssetTableView>()(z.object({ workspaceId, assets: exchangeAssetTable })),
    /** Replaces the table with a CSV's (`index,name,szDecimals[,pxDecimals]`); a bad line changes nothing. */
    importCsv: call<ExchangeAssetTableView>()(
      z.object({ workspaceId, csv: z.string().max(MAX_ASSET_CSV_BYTES, 'is too large to import') }),
    ),
  },
  /**
   * Desktop app updates (src/main/updater). Read, check and install only: the feed, automatic
   * checks and the production consent come from the administrator's policy file, never from here.
   */
  updates: {
    status: call<UpdateStatus>()(z.strictObject({})),
    /** Checks the policy's feed now, downloads a newer version and verifies its signature. */
    check: call<UpdateStatus>()(z.strictObject({})),
    /** Only for a verified update ("ready"). */
    installOnRestart: call<UpdateStatus>()(installOnRestartInput),
  },
} as const;

export type Contract = typeof contract;
export type Domain = keyof Contract;
export type CallName = { [D in Domain]: `${D}.${keyof Contract[D] & string}` }[Domain];

type DefOf<N extends CallName> = N extends `${infer D extends Domain}.${infer V}`
  ? V extends keyof Contract[D]
    ? Contract[D][V]
    : never
  : never;
export type CallInput<N extends CallName> = DefOf<N> extends CallDef<infer I, unknown> ? z.input<I> : never;
export type CallResult<N extends CallName> = DefOf<N> extends CallDef<z.ZodType, infer O> ? O : never;

// ---------------------------------------------------------------------------------------------
// Events main pushes

export interface Events {
  progress: ProgressEvent;
  'workspace-changed': WorkspaceList;
  /** A delivery reached the local receiver (any verdict). */
  'webhook-received': ReceivedWebhook;
  /** The list of actions with an unknown outcome changed (for the notice and the unsettled list). */
  'actions-changed': { workspaceId: string | null };
  /** A workspace's lockout-guard counters changed. */
  'guard-changed': { workspaceId: string };
  /** The updater's state changed (checking, ready to install, error). */
  'update-status': UpdateStatus;
  /** The risk watch raised an alert (the renderer shows it; browser mode also notifies). */
  'risk-alert': RiskAlert;
  /**
   * The risk watch finished a cycle for a workspace: the board re-reads. `failure`: the cycle threw
   * and is retried with back-off (issue 25), shown by the risk notices on every tab; null once one succeeds.
   */
  'risk-changed': { workspaceId: string; failure?: JobFailure | null };
}
export type EventName = keyof Events;
/** Every event name: the list lives in channels.ts (checked against `Events` there, both ways). */
export const EVENT_NAMES: readonly EventName[] = EVENT_NAME_LIST;

// ---------------------------------------------------------------------------------------------
// The renderer's API, derived from the contract

export type CopperApi = {
  [D in Domain]: {
    [V in keyof Contract[D]]: Contract[D][V] extends CallDef<infer I, infer O>
      ? (input: z.input<I>) => Promise<Result<O>>
      : never;
  };
} & {
  events: {
    on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
  };
};

/** Every call name, in a stable order, for transports that register channels. */
export const CALL_NAMES: readonly CallName[] = (Object.keys(contract) as Domain[]).flatMap((d) =>
  Object.keys(contract[d]).map((v) => `${d}.${v}` as CallName),
);

export { CHANNEL_PREFIX, channelOf, eventChannelOf } from './channels';

export function lookupCall(name: string): CallDef<z.ZodType, unknown> | undefined {
  const dot = name.indexOf('.');
  if (dot < 0) return undefined;
  const domain = name.slice(0, dot);
  const verb = name.slice(dot + 1);
  if (!Object.hasOwn(contract, domain)) return undefined;
  const calls = contract[domain as Domain] as Record<string, CallDef<z.ZodType, unknown>>;
  return Object.hasOwn(calls, verb) ? calls[verb] : undefined;
}
