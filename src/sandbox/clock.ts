/**
 * The sandbox clock. `wallNow` is the injected clock (real time by default) and drives
 * authentication, replay and rate limits, so that a client signing with its own clock keeps
 * working after `POST /sandbox/clock/advance`. `now` adds the advanced offset and drives state
 * that moves (pending agent wallets, pending ClearLoop actions) and the timestamps of changes.
 */
export class SandboxClock {
  private offsetMs = 0;

  constructor(private readonly base: () => number = Date.now) {}

  wallNow(): number {
    return this.base();
  }

  now(): number {
    return this.base() + this.offsetMs;
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  offset(): number {
    return this.offsetMs;
  }

  resetOffset(): void {
    this.offsetMs = 0;
  }
}
