/**
 * Polls `read` until `ok` holds, for tests that wait on something another process does (a
 * webhook delivered, a job settled) and have no event to await. Throws with the last value seen
 * once `timeoutMs` has passed: a bound for a stuck test, not a timing assertion.
 */
export async function until<T>(
  read: () => Promise<T> | T,
  ok: (v: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met: ${JSON.stringify(v).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
