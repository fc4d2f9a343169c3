/** The journal's words (src/shared/journal-entries.ts): steps in order, outcomes each once. */
import { describe, expect, it } from 'vitest';
import {
  ACTION_OUTCOMES,
  JOURNAL_OUTCOMES,
  JOURNAL_STEPS,
  SETTLEMENTS,
} from '../../../src/shared/journal-entries';

describe('journal entries', () => {
  it('lists the steps in the order an action goes through them', () => {
    expect(JOURNAL_STEPS).toEqual([
      'prepared',
      'confirmed',
      'sent',
      'answered',
      'outcome',
      'settled',
      'acknowledged',
    ]);
  });

  it('holds every answer outcome and every settlement as a journal outcome, each word once', () => {
    expect(new Set(JOURNAL_OUTCOMES).size).toBe(JOURNAL_OUTCOMES.length);
    expect([...JOURNAL_OUTCOMES].sort()).toEqual([...new Set([...ACTION_OUTCOMES, ...SETTLEMENTS])].sort());
  });
});
