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
