// When the language server stops unexpectedly: restart it, unless it keeps crashing within a short window.

export const MAX_RESTARTS = 4;
/** Failed writes of messages tolerated before the connection counts as broken. */
export const MAX_WRITE_ERRORS = 3;
export const RESTART_WINDOW_MS = 3 * 60 * 1000;

export type CrashDecision = { restart: true; attempt: number } | { restart: false; crashes: number; windowMs: number };

export class CrashPolicy {
  private crashes: number[] = [];

  constructor(
    private readonly maxRestarts = MAX_RESTARTS,
    private readonly windowMs = RESTART_WINDOW_MS,
  ) {}

  /** Records a crash at `now` and says whether to restart. */
  crashed(now: number): CrashDecision {
    this.crashes = this.crashes.filter((time) => now - time < this.windowMs);
    this.crashes.push(now);
    if (this.crashes.length <= this.maxRestarts) return { restart: true, attempt: this.crashes.length };
    return { restart: false, crashes: this.crashes.length, windowMs: this.windowMs };
  }

  /** A restart the user asked for starts a fresh count. */
  reset(): void {
    this.crashes = [];
  }
}

/**
 * What a connection error means. A failed message write comes with its count: a few are tolerated. An error of the
 * stream itself comes without one, typically EPIPE as the server dies: the connection's close follows, and the crash
 * policy decides there; shutting down now would turn that crash into "will not be restarted".
 */
export function connectionErrorAction(count: number | undefined): 'continue' | 'shutdown' {
  return count === undefined || count <= MAX_WRITE_ERRORS ? 'continue' : 'shutdown';
}
