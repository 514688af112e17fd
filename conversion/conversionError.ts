// The one error type of the conversion client: a kind to branch on and a message a user understands.

export type ConversionErrorKind =
  | 'unreachable'
  | 'timeout'
  | 'cancelled'
  | 'unauthorized'
  | 'not-found'
  | 'server-error'
  | 'not-html'
  | 'redirect-loop'
  | 'redirect-host'
  | 'too-large'
  | 'not-available'
  | 'bad-request'
  | 'bad-response';

export class ConversionError extends Error {
  readonly kind: ConversionErrorKind;
  readonly status?: number;
  /** The URL the failing request went to (after any redirects followed). */
  readonly url: string;

  constructor(kind: ConversionErrorKind, message: string, url: string, status?: number, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConversionError';
    this.kind = kind;
    this.url = url;
    if (status !== undefined) this.status = status;
  }
}
