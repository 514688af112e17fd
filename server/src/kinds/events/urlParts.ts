// The query, fragment and extension a URL as observed (`url.original`, `url.full`) holds: validated and split
// by the WHATWG URL parser, the parts taken from the text as written (so encodings stay as observed).

/** What a URL says about the parts url.query, url.fragment and url.extension describe. */
export interface UrlParts {
  /** Text after the first `?` (before `#`); undefined when there is no `?`, '' for a `?` with nothing after it. */
  query: string | undefined;
  /** Text after the first `#`; undefined when there is none. */
  fragment: string | undefined;
  /** The last path segment's extension without the dot; undefined when it has none; null when the URL does not tell (a dot file, a scheme without paths). */
  extension: string | undefined | null;
}

// Only a path (`/a/b.png?x=1`) is allowed in url.original: it is read against a placeholder origin.
const BASE = 'http://fieldwise.invalid';
const HIERARCHICAL = new Set(['http:', 'https:', 'ftp:', 'ws:', 'wss:', 'file:']);

/** The parts of a URL or of a path with query; undefined when the WHATWG parser rejects it. */
export function urlParts(text: string): UrlParts | undefined {
  let url: URL;
  try {
    url = new URL(text, BASE);
  } catch {
    return undefined;
  }
  // The WHATWG parser starts the fragment at the first `#` and the query at the first `?` before it (it strips
  // leading and trailing spaces, which cannot hold either): the raw text splits the same way.
  const raw = text.trim();
  const hashAt = raw.indexOf('#');
  const beforeHash = hashAt < 0 ? raw : raw.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  return {
    query: queryAt < 0 ? undefined : beforeHash.slice(queryAt + 1),
    fragment: hashAt < 0 ? undefined : raw.slice(hashAt + 1),
    extension: extensionOf(url),
  };
}

function extensionOf(url: URL): string | undefined | null {
  if (!HIERARCHICAL.has(url.protocol)) return null;
  const last = decoded(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
  const dot = last.lastIndexOf('.');
  if (dot === 0) return null;
  if (dot < 0 || dot === last.length - 1) return undefined;
  return last.slice(dot + 1);
}

/** Percent-decoded text, or the text itself when it is not valid percent-encoding. */
export function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether a written part is the observed one, as written or percent-encoded differently (`a b` and `a%20b`). */
export function samePart(written: string, observed: string): boolean {
  return written === observed || decoded(written) === decoded(observed);
}
