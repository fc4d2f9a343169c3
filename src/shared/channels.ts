/**
 * The names that cross the process boundary, and their IPC channels, in a module with no runtime
 * import: the preload (which must stay a few kilobytes) imports only this, never the contract and
 * zod. The lists are checked against the contract by the compiler, both ways: a call or event
 * added to the contract and not listed here, or listed here and not in the contract, fails the
 * type-check.
 */
import type { CallName, EventName } from './contract';

export const CHANNEL_PREFIX = 'copper:';

export const CALL_NAME_LIST = [
  'app.info',
  'workspaces.list',
  'workspaces.create',
  'workspaces.update',
  'workspaces.remove',
  'workspaces.activate',
  'workspaces.saveUiState',
  'workspaces.testConnection',
  'keychain.status',
  'keychain.setKey',
  'keychain.deleteKey',
  'keychain.createVault',
  'keychain.unlockVault',
  'keychain.lockVault',
  'keychain.autoLock',
  'keychain.setAutoLock',
  'portfolios.list',
  'wallets.list',
  'accounts.list',
  'loans.list',
  'loans.get',
  'loans.listAll',
  'loans.estimateLtv',
  'loans.ltvDryRun',
  'actions.prepare',
  'actions.execute',
  'actions.check',
  'actions.settle',
  'actions.unsettled',
  'guard.status',
  'agentWallets.list',
  'clearloop.list',
  'activities.list',
  'activities.listAll',
  'cryptoAddresses.list',
  'cryptoAddresses.listAll',
  'exports.chooseSavePath',
  'exports.activitiesCsv',
  'jobs.cancel',
  'rows.loadActivities',
  'rows.window',
  'rows.release',
  'history.list',
  'history.operations',
  'history.clear',
  'journal.query',
  'journal.actions',
  'journal.entry',
  'journal.verify',
  'journal.unsettled',
  'journal.exportCsv',
  'journal.blotter',
  'webhooks.status',
  'webhooks.startReceiver',
  'webhooks.stopReceiver',
  'webhooks.list',
  'webhooks.clear',
  'webhooks.subscribeSandbox',
  'webhooks.sandboxSubscriptions',
  'webhooks.unsubscribeSandbox',
  'webhooks.sandboxDeliveries',
  'webhooks.verify',
  'webhooks.setNotifications',
  'risk.board',
  'risk.checkNow',
  'risk.configure',
  'risk.acknowledge',
  'risk.alerts',
  'prices.get',
  'prices.set',
  'prices.importCsv',
  'prices.clear',
  'prices.setStaleAfter',
  'pageSizes.list',
  'pageSizes.reset',
  'exchangeAssets.get',
  'exchangeAssets.set',
  'exchangeAssets.importCsv',
  'preferences.operatorName',
  'preferences.setOperatorName',
  'updates.status',
  'updates.check',
  'updates.installOnRestart',
] as const satisfies readonly CallName[];

export const EVENT_NAME_LIST = [
  'progress',
  'workspace-changed',
  'webhook-received',
  'actions-changed',
  'guard-changed',
  'update-status',
  'risk-alert',
  'risk-changed',
] as const satisfies readonly EventName[];

type Unlisted<All, Listed> = [Exclude<All, Listed>] extends [never]
  ? true
  : { unlisted: Exclude<All, Listed> };
const everyCallListed: Unlisted<CallName, (typeof CALL_NAME_LIST)[number]> = true;
const everyEventListed: Unlisted<EventName, (typeof EVENT_NAME_LIST)[number]> = true;
void everyCallListed;
void everyEventListed;

export const channelOf = (name: CallName): string => `${CHANNEL_PREFIX}${name}`;
export const eventChannelOf = (name: EventName): string => `${CHANNEL_PREFIX}event:${name}`;
