/**
 * A tab that crashed (its error boundary caught a render error) is never saved as the tab to open,
 * so a crash cannot stick across restarts (issue 18). Pure, for unit tests.
 */
import { DEFAULT_TAB, SETTINGS_TAB, type TabId } from '@shared/tabs';

/** Workspace management: opened when the default tab itself crashed. */
const SAFE_TAB: TabId = SETTINGS_TAB.id;

/** The tab saved as "open": a crashed tab is replaced by one that is not crashed. */
export function tabToSave(ui: { tab: TabId; crashed?: readonly TabId[] }): TabId {
  const crashed = ui.crashed ?? [];
  if (!crashed.includes(ui.tab)) return ui.tab;
  return [DEFAULT_TAB, SAFE_TAB].find((t) => !crashed.includes(t)) ?? SAFE_TAB;
}
