// Client of the version 1 conversion interface: wikitext <-> HTML and a page revision's HTML, over plain HTTP.
import { STATUS_CODES } from 'node:http';
import { bodyInnerHtml } from './bodyInnerHtml';
import { ConversionError } from './conversionError';
import { exchange, ExchangeResponse } from './httpExchange';
import { encodePageName, PageNameError, validatePrefix } from './pageName';

export { ConversionError } from './conversionError';
export type { ConversionErrorKind } from './conversionError';

export interface ConversionClientOptions {
  baseUrl: string;
  prefix: string;
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const WIKITEXT_TYPES = new Set(['text/plain', 'text/x-wiki']);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_MESSAGE_CHARS = 300;

type Expected = 'html' | 'wikitext';

interface Operation {
  page: string;
  signal: AbortSignal;
  abortError(this: void, url: URL): ConversionError;
}

export class ConversionClient {
  private readonly base: URL;
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly maxRedirects: number;

  constructor(options: ConversionClientOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    try {
      this.prefix = validatePrefix(options.prefix);
    } catch (error) {
      throw new ConversionError('bad-request', (error as Error).message, this.base.href);
    }
    this.timeoutMs = positive('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS, this.base);
    this.maxResponseBytes = positive('maxResponseBytes', options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES, this.base);
    this.maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    if (!Number.isInteger(this.maxRedirects) || this.maxRedirects < 0) {
      throw new ConversionError('bad-request', `maxRedirects must be a whole number of at least 0, got ${options.maxRedirects}`, this.base.href);
    }
  }

  /** HTML of wikitext: a full document, or with `bodyOnly` the body's inner HTML. */
  async wikitextToHtml(page: string, wikitext: string, options: { bodyOnly?: boolean; signal?: AbortSignal } = {}): Promise<string> {
    const url = this.pageUrl(page);
    // Parsoid reads an empty `wt` as missing and answers with (empty) wikitext; a lone newline renders the same empty page.
    const form = new URLSearchParams({ wt: wikitext === '' ? '\n' : wikitext });
    if (options.bodyOnly) form.set('body', '1');
    const html = await this.run(page, options.signal, (operation) => this.post(url, form, 'html', operation));
    return options.bodyOnly ? bodyInnerHtml(html) : html;
  }

  /** Wikitext of HTML; `oldid` names the revision the HTML came from, for a clean round trip. */
  async htmlToWikitext(page: string, html: string, options: { oldid?: number; signal?: AbortSignal } = {}): Promise<string> {
    const url = this.pageUrl(page);
    const form = new URLSearchParams({ html });
    if (options.oldid !== undefined) form.set('oldid', String(this.revisionId(options.oldid, url)));
    return this.run(page, options.signal, (operation) => this.post(url, form, 'wikitext', operation));
  }

  /**
   * HTML of a revision, or of the latest one: the service then redirects to `?oldid=<latest>`,
   * which is followed (same host only) and reported as `revision`.
   */
  async pageHtml(
    page: string,
    options: { oldid?: number; query?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<{ html: string; revision: number }> {
    const url = this.pageUrl(page);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.append(key, value);
    if (options.oldid !== undefined) url.searchParams.set('oldid', String(this.revisionId(options.oldid, url)));
    // The redirect adds (or, asked for a revision, may change) oldid; everything else must survive it.
    const asked = [...url.searchParams].filter(([key]) => key !== 'oldid');
    const { html, finalUrl } = await this.run(page, options.signal, (operation) => this.get(url, operation));
    for (const [key, value] of asked) {
      if (!finalUrl.searchParams.getAll(key).includes(value)) {
        throw new ConversionError('bad-response', `the service dropped the query parameter '${key}=${value}' when it redirected to ${finalUrl.href}`, finalUrl.href);
      }
    }
    const oldid = finalUrl.searchParams.get('oldid') ?? '';
    if (!/^[1-9][0-9]*$/.test(oldid)) {
      throw new ConversionError('bad-response', `the service answered ${finalUrl.href}, which names no revision (no oldid)`, finalUrl.href);
    }
    // The service honours `body` on GET like on POST (any value), answering with the body element.
    return { html: url.searchParams.has('body') ? bodyInnerHtml(html) : html, revision: Number(oldid) };
  }

  private pageUrl(page: string): URL {
    const url = new URL(this.base.href);
    const basePath = url.pathname.replace(/\/+$/, '');
    try {
      url.pathname = `${basePath}/${this.prefix}/${encodePageName(page)}`;
    } catch (error) {
      if (error instanceof PageNameError) throw new ConversionError('bad-request', error.message, `${url.origin}${basePath}/${this.prefix}/`);
      throw error;
    }
    return url;
  }

  private revisionId(oldid: number, url: URL): number {
    if (!Number.isSafeInteger(oldid) || oldid <= 0) {
      throw new ConversionError('bad-request', `revision id must be a positive whole number, got ${oldid}`, url.href);
    }
    return oldid;
  }

  /** Runs one operation under the time-out and the caller's signal. */
  private async run<T>(page: string, signal: AbortSignal | undefined, work: (operation: Operation) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let reason: 'timeout' | 'cancelled' | undefined;
    const abort = (why: 'timeout' | 'cancelled'): void => {
      reason ??= why;
      controller.abort();
    };
    const onCancel = (): void => abort('cancelled');
    if (signal?.aborted) abort('cancelled');
    signal?.addEventListener('abort', onCancel, { once: true });
    const timer = setTimeout(() => abort('timeout'), this.timeoutMs);
    const abortError = (url: URL): ConversionError =>
      reason === 'timeout'
        ? new ConversionError('timeout', `conversion service at ${this.base.origin} did not answer within ${formatSeconds(this.timeoutMs)}`, url.href)
        : new ConversionError('cancelled', `conversion of '${page}' cancelled`, url.href);
    try {
      return await work({ page, signal: controller.signal, abortError });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCancel);
    }
  }

  private async post(url: URL, form: URLSearchParams, expected: Expected, operation: Operation): Promise<string> {
    const response = await this.send('POST', url, form.toString(), expected, operation);
    if (REDIRECT_STATUSES.has(response.status)) {
      const location = response.headers.location ?? '(no location)';
      throw new ConversionError('bad-response', `the service redirected a conversion request to ${location}; check the base URL`, url.href, response.status);
    }
    return this.accept(response, expected, operation, false);
  }

  private async get(start: URL, operation: Operation): Promise<{ html: string; finalUrl: URL }> {
    const visited = new Set<string>([start.href]);
    let url = start;
    for (let redirects = 0; ; redirects++) {
      const response = await this.send('GET', url, undefined, 'html', operation);
      if (!REDIRECT_STATUSES.has(response.status)) return { html: this.accept(response, 'html', operation, redirects > 0), finalUrl: url };
      const next = this.redirectTarget(response, url);
      if (visited.has(next.href)) {
        throw new ConversionError('redirect-loop', `redirect loop: ${url.href} redirects back to ${next.href}`, url.href, response.status);
      }
      if (redirects >= this.maxRedirects) {
        throw new ConversionError('redirect-loop', `more than ${this.maxRedirects} redirects starting at ${start.href}`, url.href, response.status);
      }
      visited.add(next.href);
      url = next;
    }
  }

  private redirectTarget(response: ExchangeResponse, url: URL): URL {
    const location = response.headers.location;
    if (!location) {
      throw new ConversionError('bad-response', `the service answered ${response.status} without saying where to (no Location)`, url.href, response.status);
    }
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new ConversionError('bad-response', `the service redirected to '${location}', which is not a URL`, url.href, response.status);
    }
    if (next.origin !== url.origin) {
      throw new ConversionError('redirect-host', `refused to follow a redirect from ${url.href} to another host: ${next.href}`, url.href, response.status);
    }
    return next;
  }

  private send(method: 'GET' | 'POST', url: URL, form: string | undefined, expected: Expected, operation: Operation): Promise<ExchangeResponse> {
    return exchange({
      method,
      url,
      form,
      accept: expected === 'html' ? 'text/html' : 'text/plain',
      maxResponseBytes: this.maxResponseBytes,
      signal: operation.signal,
      abortError: operation.abortError,
    });
  }

  /** Turns a final (non-redirect) answer into its text, or into the error a user can act on. */
  private accept(response: ExchangeResponse, expected: Expected, operation: Operation, redirected: boolean): string {
    const { status, url } = response;
    const type = mediaType(response);
    const text = decode(response);
    if (status >= 200 && status < 300) {
      const types = expected === 'html' ? HTML_TYPES : WIKITEXT_TYPES;
      if (types.has(type)) return text;
      const shown = type || 'an answer without a content type';
      if (expected === 'html') {
        throw new ConversionError('not-html', `expected HTML from ${url.href} but the service sent ${shown}`, url.href, status);
      }
      throw new ConversionError('bad-response', `expected wikitext (text/plain) from ${url.href} but the service sent ${shown}`, url.href, status);
    }
    const said = type === 'text/plain' ? serviceMessage(text) : '';
    const statusLine = `${status} ${STATUS_CODES[status] ?? ''}`.trim();
    const suffix = said ? `: ${said}` : '';
    if (status === 401 || status === 403) {
      throw new ConversionError('unauthorized', `the wiki does not allow reading (${statusLine} from ${url.href})${suffix}`, url.href, status);
    }
    if (status === 404 || status === 410) {
      const what = redirected
        ? `redirect target ${url.href} not found (${statusLine})`
        : `page '${operation.page}' not found on ${this.prefix} (${statusLine} from ${url.href}; the page, the revision or the wiki id '${this.prefix}' is unknown to the service)`;
      throw new ConversionError('not-found', `${what}${suffix}`, url.href, status);
    }
    if (status === 501) {
      throw new ConversionError('not-available', said || `the service at ${url.origin} does not offer this operation (${statusLine})`, url.href, status);
    }
    if (status >= 500) {
      throw new ConversionError('server-error', `conversion service failed (${statusLine})${said ? `: ${said}` : ' without a text/plain message'}`, url.href, status);
    }
    if (status >= 400) {
      throw new ConversionError('bad-request', `the conversion service rejected the request (${statusLine} from ${url.href})${suffix}`, url.href, status);
    }
    throw new ConversionError('bad-response', `unexpected answer ${statusLine} from ${url.href}`, url.href, status);
  }
}

function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConversionError('bad-request', `base URL '${baseUrl}' is not a URL; expected e.g. http://127.0.0.1:8000`, baseUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConversionError('bad-request', `base URL '${baseUrl}' must start with http:// or https://`, baseUrl);
  }
  if (url.username || url.password) {
    throw new ConversionError('bad-request', `base URL '${url.origin}' must not contain a user name or password`, url.origin);
  }
  if (url.search || url.hash) {
    throw new ConversionError('bad-request', `base URL '${baseUrl}' must not have a query or fragment`, baseUrl);
  }
  return url;
}

function positive(name: string, value: number, base: URL): number {
  if (!Number.isFinite(value) || value <= 0) {
    throw new ConversionError('bad-request', `${name} must be a positive number, got ${value}`, base.href);
  }
  return value;
}

function mediaType(response: ExchangeResponse): string {
  return (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

function decode(response: ExchangeResponse): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(response.headers['content-type'] ?? '')?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(response.body);
  } catch {
    return new TextDecoder('utf-8').decode(response.body);
  }
}

/** The service's own words, on one line and short enough for a notification. */
function serviceMessage(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_MESSAGE_CHARS ? `${line.slice(0, MAX_MESSAGE_CHARS)}...` : line;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
