// The command line's view of the outside world, so commands are testable without a process.

export interface CliIO {
  stdout(this: void, text: string): void;
  stderr(this: void, text: string): void;
  /** Reads all of standard input (for `-` as a file argument). */
  readStdin(): Promise<string>;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Whether standard error is a terminal (a progress line is shown there); false when not said. */
  stderrIsTTY?: boolean;
  /** Milliseconds on a monotonic clock (performance.now when not said): the time a run takes. */
  now?: () => number;
}

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;

/** A mistake in the command line itself: printed with the usage, exit code 2. */
export class UsageError extends Error {
  constructor(message: string, readonly usage?: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** A failure the user can act on: one line on standard error, the given exit code. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode: number = EXIT.failure) {
    super(message);
    this.name = 'CliError';
  }
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  run(args: string[], io: CliIO): Promise<number>;
}
