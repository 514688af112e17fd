// Checks of what the user types into the conversion prompts; each returns the problem in words, or undefined.
import { canonicalPageName, isWikiId, PageNameError } from '../../conversion/pageName';

export type Revision = number | 'latest';

export function pageProblem(value: string): string | undefined {
  try {
    canonicalPageName(value);
    return undefined;
  } catch (error) {
    if (error instanceof PageNameError) return error.message;
    throw error;
  }
}

export function prefixProblem(value: string): string | undefined {
  return isWikiId(value.trim()) ? undefined : `'${value}' is not a wiki id; expected lower-case letters, digits or underscores, such as enwiki`;
}

/** `latest` (or empty) for the latest revision, else a positive whole number. */
export function parseRevision(value: string): Revision | undefined {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'latest') return 'latest';
  return /^[1-9][0-9]{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
}

export function revisionProblem(value: string): string | undefined {
  return parseRevision(value) === undefined ? `'${value}' is not a revision; type a revision id such as 101, or latest` : undefined;
}

/** Base revision for HTML to wikitext: empty for none, else a positive whole number. */
export function parseBaseRevision(value: string): number | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  return /^[1-9][0-9]{0,15}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
}

export function baseRevisionProblem(value: string): string | undefined {
  return parseBaseRevision(value) === undefined ? `'${value}' is not a revision id; type a number such as 101, or leave it empty for none` : undefined;
}
