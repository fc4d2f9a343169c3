/**
 * One question to the main side whose answer may arrive after the view moved on: a later answer
 * for an older question must not overwrite what the view shows now.
 */

/** Asks now; the answer reaches `onAnswer` unless the returned cancel ran first. */
export function askOnce<T>(ask: () => Promise<T>, onAnswer: (answer: T) => void): () => void {
  let live = true;
  void ask().then((answer) => {
    if (live) onAnswer(answer);
  });
  return () => {
    live = false;
  };
}
