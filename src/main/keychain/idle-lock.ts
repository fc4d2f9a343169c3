/**
 * Locks the vault after a quiet period. Every use of the vault re-arms the countdown; locking
 * disarms it. The timer functions are injected so tests fire the countdown themselves instead of
 * waiting for it.
 */
export interface IdleTimers {
  /** Calls `fire` once after `ms`; the returned function cancels it. */
  start(ms: number, fire: () => void): () => void;
}

export const realIdleTimers: IdleTimers = {
  start(ms, fire) {
    const timer = setTimeout(fire, ms);
    // An idle countdown must never keep a process (a test, the CLI) alive on its own.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export class IdleLock {
  private cancel: (() => void) | null = null;

  constructor(
    private readonly onIdle: () => void,
    private minutes: number,
    private readonly timers: IdleTimers = realIdleTimers,
  ) {}

  get idleMinutes(): number {
    return this.minutes;
  }

  /** Starts (or restarts) the countdown. */
  arm(): void {
    this.disarm();
    this.cancel = this.timers.start(this.minutes * 60_000, () => {
      this.cancel = null;
      this.onIdle();
    });
  }

  disarm(): void {
    this.cancel?.();
    this.cancel = null;
  }

  get armed(): boolean {
    return this.cancel !== null;
  }

  /** Changes the quiet period; a running countdown restarts with it. */
  setMinutes(minutes: number): void {
    this.minutes = minutes;
    if (this.armed) this.arm();
  }
}
