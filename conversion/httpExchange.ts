// One HTTP request and its whole answer, with a size cap and cancellation; redirects are the caller's business.
import * as http from 'node:http';
import * as https from 'node:https';
import { ConversionError } from './conversionError';

export interface ExchangeRequest {
  method: 'GET' | 'POST';
  url: URL;
  accept: string;
  /** Form body for POST, already encoded. */
  form?: string;
  maxResponseBytes: number;
  /** Aborted on time-out or cancellation; `abortError` says which, as the error to throw. */
  signal: AbortSignal;
  abortError(url: URL): ConversionError;
}

export interface ExchangeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  url: URL;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  EPIPE: 'connection closed',
};

export function exchange(request: ExchangeRequest): Promise<ExchangeResponse> {
  const { url, signal } = request;
  return new Promise<ExchangeResponse>((resolve, reject) => {
    if (signal.aborted) {
      reject(request.abortError(url));
      return;
    }
    let settled = false;
    const finish = (error: ConversionError | undefined, response?: ExchangeResponse): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error) {
        outgoing.destroy();
        reject(error);
      } else if (response) {
        resolve(response);
      }
    };
    const onAbort = (): void => finish(request.abortError(url));

    const body = request.form === undefined ? undefined : Buffer.from(request.form, 'utf8');
    const headers: http.OutgoingHttpHeaders = { accept: request.accept };
    if (body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = body.length;
    }
    const transport = url.protocol === 'https:' ? https : http;
    // agent: false => one connection per request, so no stale keep-alive socket is ever reused.
    const outgoing = transport.request(url, { method: request.method, headers, agent: false });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const reason = NETWORK_REASONS[error.code ?? ''] ?? error.message;
      finish(new ConversionError('unreachable', `conversion service unreachable at ${url.origin} (${reason})`, url.href, undefined, { cause: error }));
    });
    outgoing.on('response', (incoming) => {
      const status = incoming.statusCode ?? 0;
      const declared = Number(incoming.headers['content-length']);
      if (Number.isFinite(declared) && declared > request.maxResponseBytes) {
        finish(tooLarge(url, request.maxResponseBytes, status));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > request.maxResponseBytes) {
          finish(tooLarge(url, request.maxResponseBytes, status));
          return;
        }
        chunks.push(chunk);
      });
      incoming.on('end', () => finish(undefined, { status, headers: incoming.headers, body: Buffer.concat(chunks), url }));
      incoming.on('aborted', () => finish(truncated(url, status)));
      incoming.on('error', () => finish(truncated(url, status)));
    });
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.end(body);
  });
}

function tooLarge(url: URL, limit: number, status: number): ConversionError {
  return new ConversionError('too-large', `the answer from ${url.href} is larger than the ${formatBytes(limit)} limit`, url.href, status);
}

function truncated(url: URL, status: number): ConversionError {
  return new ConversionError('bad-response', `the connection to ${url.origin} closed before the whole answer arrived`, url.href, status);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} bytes`;
}
