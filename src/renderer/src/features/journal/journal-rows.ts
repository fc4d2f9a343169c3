/**
 * The Journal table's rows: one per action, and under an expanded action one per step (and a
 * note when the action has more steps than the main side sends). The shared table has rows of one
 * height, so the steps are rows of their own rather than a panel inside the action's row.
 */
import type { JournalActionRow, JournalActionStep } from '@shared/contract';

export type JournalTableRow =
  | { kind: 'action'; id: string; action: JournalActionRow; expanded: boolean }
  | { kind: 'step'; id: string; action: JournalActionRow; step: JournalActionStep }
  | { kind: 'more'; id: string; action: JournalActionRow; hidden: number };

export const actionRowId = (actionId: string) => `action:${actionId}`;
export const stepRowId = (seq: number) => `step:${seq}`;

export function journalTableRows(
  actions: readonly JournalActionRow[],
  expanded: ReadonlySet<string>,
): JournalTableRow[] {
  const rows: JournalTableRow[] = [];
  for (const action of actions) {
    const open = expanded.has(action.actionId);
    rows.push({ kind: 'action', id: actionRowId(action.actionId), action, expanded: open });
    if (!open) continue;
    for (const step of action.steps) rows.push({ kind: 'step', id: stepRowId(step.seq), action, step });
    const hidden = action.stepCount - action.steps.length;
    if (hidden > 0) rows.push({ kind: 'more', id: `more:${action.actionId}`, action, hidden });
  }
  return rows;
}
