/**
 * The words of the action journal, written once: the steps an action goes through and the
 * outcomes an entry may carry. The main side writes and checks them (src/main/journal,
 * src/main/actions), the contract validates the Journal view's filters with them, and the renderer
 * lists and colours them.
 */

/** Every step of an action, in the order it goes through them. */
export const JOURNAL_STEPS = [
  'prepared',
  'confirmed',
  'sent',
  'answered',
  'outcome',
  'settled',
  'acknowledged',
] as const;
export type JournalStep = (typeof JOURNAL_STEPS)[number];

/** What an action's answer says (the `outcome` step). */
export const ACTION_OUTCOMES = ['done', 'refused', 'unknown'] as const;
export type ActionOutcome = (typeof ACTION_OUTCOMES)[number];

/** Every outcome an entry may carry: an answer's, or what Check now found (`not-done`). */
export const JOURNAL_OUTCOMES = [...ACTION_OUTCOMES, 'not-done'] as const;
export type JournalOutcome = (typeof JOURNAL_OUTCOMES)[number];

/** What Check now found about an action whose outcome was unknown (the `settled` step). */
export const SETTLEMENTS = ['done', 'not-done'] as const satisfies readonly JournalOutcome[];
export type Settlement = (typeof SETTLEMENTS)[number];
