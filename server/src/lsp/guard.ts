// Every request handler runs through `guarded`: a cancelled request answers RequestCancelled, and an exception in
// one feature is logged to the client and answered with the feature's empty result, so the server keeps serving.
import { CancellationToken, LSPErrorCodes, ResponseError } from 'vscode-languageserver';

/** Thrown from inside a handler that noticed its token was cancelled. */
export class Cancelled extends Error {
  constructor() {
    super('request cancelled');
  }
}

export function cancelledError<E = void>(): ResponseError<E> {
  return new ResponseError<E>(LSPErrorCodes.RequestCancelled, 'request cancelled');
}

export function throwIfCancelled(token: CancellationToken): void {
  if (token.isCancellationRequested) throw new Cancelled();
}

export type Logger = (message: string) => void;

/** Lets the event loop run what waits (a cancellation, an edit, another request) before going on. */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How long a check waits at most for the answers before it to leave the process (a client that stops reading must not stop it). */
const OUTPUT_WAIT_MS = 2000;

/**
 * Resolves once what the server has written to stdout (its channel with --stdio) has left the process, or after
 * OUTPUT_WAIT_MS: a pipe takes a large answer (an outline of thousands of symbols) in pieces, one per turn of the event
 * loop, so a long check started before it is out would hold back its end. Resolves at once on other channels.
 */
export async function outputWritten(): Promise<void> {
  const out = process.stdout;
  const until = performance.now() + OUTPUT_WAIT_MS;
  while (out.writableLength > 0 && out.writable && performance.now() < until) {
    await new Promise<void>((resolve) => {
      if (!out.writableNeedDrain) return setImmediate(resolve);
      const timer = setTimeout(done, Math.max(0, until - performance.now()));
      function done(): void {
        clearTimeout(timer);
        out.off('drain', done);
        resolve();
      }
      out.once('drain', done);
    });
  }
}

export function guarded<P, R, E = void>(
  name: string,
  log: Logger,
  empty: R,
  handler: (params: P, token: CancellationToken) => R | Promise<R>,
): (params: P, token: CancellationToken) => Promise<R | ResponseError<E>> {
  return async (params, token) => {
    if (token.isCancellationRequested) return cancelledError<E>();
    try {
      const result = await handler(params, token);
      return token.isCancellationRequested ? cancelledError<E>() : result;
    } catch (error) {
      if (error instanceof Cancelled) return cancelledError<E>();
      if (error instanceof ResponseError) return error as ResponseError<E>;
      log(`fieldwise: ${name} failed: ${describe(error)}`);
      return empty;
    }
  };
}

export function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
