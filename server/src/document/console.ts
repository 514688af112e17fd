// Kibana Dev Tools console text: a container, not a file kind. It splits into requests (`PUT _ingest/pipeline/x`
// followed by its JSON body) and hands each body to the adapter of its endpoint.
import type { Span } from './model';
import { contentStart } from './syntaxes/byteOrderMark';

export interface ConsoleRequest {
  method: string;
  /** The endpoint as written, without query string (`_ingest/pipeline/my-pipeline`). */
  path: string;
  /** The request line. */
  line: Span;
  /** The JSON body, when the request has one: from its first `{` or `[` to the line before the next request. */
  body?: Span;
}

const METHODS = /^(GET|PUT|POST|DELETE|HEAD|PATCH)[ \t]+(\S+)/i;

/** Every request of a console text, in order; lines that are not requests or bodies (comments, blanks) are skipped. */
export function splitConsole(text: string): ConsoleRequest[] {
  const out: ConsoleRequest[] = [];
  let current: ConsoleRequest | undefined;
  let bodyStart = -1;
  let lastContent = -1;
  const close = (): void => {
    if (current && bodyStart >= 0) current.body = { start: bodyStart, end: lastContent };
    bodyStart = -1;
    lastContent = -1;
  };
  let at = contentStart(text);
  while (at <= text.length) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(at, end);
    const request = METHODS.exec(line);
    if (request) {
      close();
      const path = request[2].replace(/^\/+/, '').split('?')[0];
      current = { method: request[1].toUpperCase(), path, line: { start: at, end: at + line.replace(/\s+$/, '').length } };
      out.push(current);
    } else if (current) {
      const trimmed = line.trim();
      if (bodyStart < 0 && (trimmed.startsWith('{') || trimmed.startsWith('['))) bodyStart = at + line.indexOf(trimmed[0]);
      if (bodyStart >= 0 && trimmed !== '') lastContent = at + line.replace(/\s+$/, '').length;
    }
    if (nl < 0) break;
    at = nl + 1;
  }
  close();
  return out;
}

/** Whether a text reads as console requests: its first line that is not blank or a comment is a request line. */
export function looksLikeConsole(text: string): boolean {
  for (const line of text.slice(contentStart(text), 4096).split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')) continue;
    return METHODS.test(line);
  }
  return false;
}

/** The text with everything outside `span` blanked to spaces (newlines kept): a body parsed alone keeps document offsets. */
export function isolate(text: string, span: Span): string {
  return text.slice(0, span.start).replace(/[^\n]/g, ' ') + text.slice(span.start, span.end);
}
