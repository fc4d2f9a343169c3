import type { JournalOutcome } from '@shared/contract';
import { toneIn, type Tone } from '../../components/tones';

/** A journal outcome's colour: one entry per outcome (a new one is a type error here). */
const OUTCOME_TONES = {
  done: 'ok',
  refused: 'danger',
  unknown: 'warn',
  'not-done': 'neutral',
} as const satisfies Record<JournalOutcome, Tone>;

/** Neutral for none, and for a spelling the journal does not know (a hand-edited file). */
export function outcomeTone(outcome: JournalOutcome | null): Tone {
  return toneIn(OUTCOME_TONES, outcome);
}
