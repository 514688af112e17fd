// The progress line of a long `fieldwise check` on standard error: files done of the total and findings so far,
// rewritten in place. It shows on a terminal only (never in a pipe or a CI log, unless asked with --progress, when it
// is a plain line now and then), and only once a run has taken a second: a short run prints nothing but its summary.
import type { CliIO } from './io';

export type ProgressMode = 'auto' | 'always' | 'never';

/** Until a run has taken this long it shows no progress. */
const DELAY_MS = 1000;
/** At most one rewrite per this many milliseconds: a terminal that redraws per file slows the run. */
const INTERVAL_MS = 100;
/** Asked for outside a terminal (a CI log), one line per this many milliseconds: a log keeps every line. */
const LOG_INTERVAL_MS = 10_000;

/** Whether the progress line shows: on a terminal outside CI (CI systems set CI), or whenever asked. */
export function progressShown(mode: ProgressMode, io: Pick<CliIO, 'stderrIsTTY' | 'env'>): boolean {
  if (mode !== 'auto') return mode === 'always';
  return io.stderrIsTTY === true && !io.env.CI && io.env.TERM !== 'dumb';
}

export class Progress {
  private readonly started: number;
  private lastWrite = -Infinity;
  private shown = false;

  /** `inPlace`: a terminal, where the line is rewritten; else each update is a line of its own. */
  constructor(private readonly write: (text: string) => void, private readonly now: () => number, private readonly total: number, private readonly inPlace: boolean) {
    this.started = now();
  }

  /** After each file: `done` of the total, `findings` so far. */
  update(done: number, findings: number): void {
    const at = this.now();
    if (at - this.started < DELAY_MS || at - this.lastWrite < (this.inPlace ? INTERVAL_MS : LOG_INTERVAL_MS)) return;
    this.lastWrite = at;
    this.shown = true;
    const n = (v: number): string => v.toLocaleString('en-US');
    const line = `fieldwise check: ${n(done)} of ${n(this.total)} files, ${n(findings)} finding${findings === 1 ? '' : 's'}`;
    this.write(this.inPlace ? `\r${line}\x1b[K` : `${line}\n`);
  }

  /** Clears the line before other output on the terminal; the next update draws it again. */
  clear(): void {
    if (this.shown && this.inPlace) this.write('\r\x1b[K');
  }

  /** Clears the line, so the summary takes its place. */
  end(): void {
    if (this.shown && this.inPlace) this.write('\r\x1b[K');
  }
}
