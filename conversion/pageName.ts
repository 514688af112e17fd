// Page names and wiki ids as the conversion interface wants them in its paths.

/** Characters MediaWiki never allows in a page title. */
const FORBIDDEN_IN_TITLE = /[#<>[\]|{}\u0000-\u001f\u007f]/u;

/** The characters MediaWiki reads as a space in titles (underscore included); runs become one `_`. */
const TITLE_SPACES = /[ _\u00a0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/gu;

/** Wiki ids are lower-case identifiers such as `enwiki`, `dewiktionary` or `zh_min_nanwiki`. */
const WIKI_ID = /^[a-z][a-z0-9_]*$/;
const MAX_WIKI_ID_LENGTH = 64;
const MAX_TITLE_BYTES = 255;

/** A page name or wiki id that cannot be used; the message says what was expected. */
export class PageNameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageNameError';
  }
}

/**
 * Canonical page name: trimmed, spaces as underscores, runs collapsed, first letter upper case.
 * `café  au lait` => `Café_au_lait`.
 */
export function canonicalPageName(title: string): string {
  const underscored = title.trim().replace(TITLE_SPACES, '_').replace(/^_+|_+$/gu, '');
  if (underscored === '') throw new PageNameError(`page name '${title}' is empty; expected a title such as Main_Page`);
  const bad = FORBIDDEN_IN_TITLE.exec(underscored);
  if (bad) {
    throw new PageNameError(`page name '${title}' contains '${describe(bad[0])}', which a wiki page title cannot contain`);
  }
  const canonical = upperFirst(underscored);
  if (Buffer.byteLength(canonical, 'utf8') > MAX_TITLE_BYTES) {
    throw new PageNameError(`page name '${title.slice(0, 40)}...' is longer than ${MAX_TITLE_BYTES} bytes`);
  }
  return canonical;
}

/** The `{page}` path segment: canonical name, URL-encoded, `/` included (`AC/DC` => `AC%2FDC`). */
export function encodePageName(title: string): string {
  return encodeURIComponent(canonicalPageName(title));
}

/** Returns the wiki id unchanged when it has the lower-case shape of one, else throws. */
export function validatePrefix(prefix: string): string {
  if (!isWikiId(prefix)) {
    throw new PageNameError(
      `wiki id '${prefix}' is not valid; expected lower-case letters, digits or underscores starting with a letter, such as enwiki`,
    );
  }
  return prefix;
}

export function isWikiId(prefix: string): boolean {
  return prefix.length <= MAX_WIKI_ID_LENGTH && WIKI_ID.test(prefix);
}

/** Upper-cases the first code point (not UTF-16 unit) when it maps to exactly one character. */
function upperFirst(text: string): string {
  const first = String.fromCodePoint(text.codePointAt(0) ?? 0);
  const upper = first.toUpperCase();
  // `ß` => `SS` would change the title's length; MediaWiki keeps such letters as they are.
  if ([...upper].length !== 1) return text;
  return upper + text.slice(first.length);
}

function describe(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f ? `U+${code.toString(16).padStart(4, '0').toUpperCase()}` : char;
}
