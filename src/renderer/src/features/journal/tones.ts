import type { JournalOutcome } from '@shared/contract';
import type { Tone } from '../../components/tones';

export function outcomeTone(outcome: JournalOutcome | null): Tone {
  switch (outcome) {
    case 'done':
      return 'ok';
    case 'refused':
      return 'danger';
    case 'unknown':
      return 'warn';
    default:
      return 'neutral';
  }
}
