/**
 * One question whose answer may come late (src/renderer/src/components/view-kit/ask-once.ts, the
 * rule behind `useAnswer`): the answer is delivered once, and never after the view cancelled it.
 */
import { describe, expect, it } from 'vitest';
import { askOnce } from '../../../src/renderer/src/components/view-kit/ask-once';

/** A question the test answers when it likes. */
function question<T>() {
  let answer!: (value: T) => void;
  const asked = new Promise<T>((resolve) => {
    answer = resolve;
  });
  return { ask: () => asked, answer, asked };
}

describe('askOnce', () => {
  it('asks at once and hands the answer on', async () => {
    const q = question<string>();
    let asks = 0;
    const seen: string[] = [];
    askOnce(
      () => {
        asks++;
        return q.ask();
      },
      (a) => seen.push(a),
    );
    expect(asks).toBe(1);
    q.answer('first');
    await q.asked;
    await Promise.resolve();
    expect(seen).toEqual(['first']);
  });

  it('drops an answer that arrives after the cancel: a newer question replaced it', async () => {
    const older = question<string>();
    const newer = question<string>();
    const seen: string[] = [];
    const cancelOlder = askOnce(older.ask, (a) => seen.push(a));
    cancelOlder();
    askOnce(newer.ask, (a) => seen.push(a));
    newer.answer('newer');
    older.answer('older, late');
    await Promise.all([older.asked, newer.asked]);
    await Promise.resolve();
    expect(seen).toEqual(['newer']);
  });
});
