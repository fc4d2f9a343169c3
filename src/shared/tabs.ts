/** Tab registry: ids, labels and shortcuts, shared by the renderer's tab bar, the Electron menu and the e2e page objects. Order here is the order in the tab bar. */
export const DATA_TABS = [
  { id: 'portfolios-wallets', label: 'Portfolios & wallets', key: '1' },
  { id: 'loans', label: 'Loans', key: '2' },
  // Alt+R: the digits are taken. Shell's shortcut handler matches `Digit${key}` or `Key${key}` (here
  // `KeyR`, the physical key, whatever Alt types on macOS); the menu's accelerator is `Alt+R`.
  { id: 'risk', label: 'Risk', key: 'R' },
  { id: 'agent-wallets', label: 'Agent wallets & exchange', key: '3' },
  { id: 'clearloop', label: 'ClearLoop', key: '4' },
  { id: 'activities', label: 'Activities', key: '5' },
  { id: 'address-book', label: 'Address book', key: '6' },
  { id: 'request-history', label: 'Request history', key: '7' },
  { id: 'webhooks', label: 'Webhooks', key: '8' },
  { id: 'journal', label: 'Journal', key: '9' },
] as const;
/** Workspace management sits apart on the right. */
export const SETTINGS_TAB = { id: 'workspaces', label: 'Workspaces', key: '0' } as const;

export type TabId = (typeof DATA_TABS)[number]['id'] | typeof SETTINGS_TAB.id;
export const DEFAULT_TAB: TabId = 'portfolios-wallets';
export const ALL_TABS: readonly { id: TabId; label: string; key: string }[] = [...DATA_TABS, SETTINGS_TAB];

export function isTabId(v: unknown): v is TabId {
  return typeof v === 'string' && ALL_TABS.some((t) => t.id === v);
}
