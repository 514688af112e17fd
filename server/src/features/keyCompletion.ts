// Key completion: the names valid under the current object (or the typed dotted prefix), with their nesting.
import type { Catalog, ChildEntry, FieldDefinition, Level } from '../catalog/types';
import type { EventView } from '../document/fieldRefs';
import { childrenOf, fieldsBelow } from './catalogIndex';
import type { FeatureEnv } from './env';
import type { Quote, SyntaxWriter } from '../document/syntaxes/writer';
import { writerFor } from '../document/syntaxes/writerFor';
import { jsonCommaAfter, jsonCommaBefore, KeyTarget, keySnippet, snippetEscape } from './insertText';
import { KeyContext, keySite, KeySite, presentPaths } from './keySite';
import { detailLine, fieldDetail, levelRank } from './levelBadge';
import { keepBest, wordBefore } from './completionLimit';
import type { CompletionEntry, LimitedCompletion, TextEdit } from './types';
import type { Span } from '../document/model';

/** One name that may be offered: a direct child of the object, or a leaf further below. */
export interface Candidate {
  /** Segments below the typed prefix (`geo`, `city_name`). */
  rel: string[];
  label: string;
  path: string;
  target: KeyTarget;
  level: Level;
  direct: boolean;
  deprecated?: string;
  beta?: string;
  detail: string;
  sortText: string;
  /** Insert texts already built for this candidate, by style. */
  texts?: Map<string, string>;
}

/** The key names offered at the caret, at most `max` of them (`completionLimit.ts`): only the entries kept are built. */
export function keyCompletions(view: EventView, ctx: KeyContext, offset: number, env: FeatureEnv, max: number): LimitedCompletion {
  const yaml = env.format === 'yaml';
  const site = keySite(view, ctx, offset, yaml);
  // A plain YAML key the parser ran across lines (`ge` above `geo:`) has no one-line range to replace;
  // before a quoted YAML key's opening quote, nothing can be typed on that line.
  if (view.text.slice(site.start, site.end).includes('\n') || offset < site.start) return NOTHING;
  const parent = [...site.objectPath, ...site.prefix];
  if (parent.some((s) => s === '')) return NOTHING;
  const present = presentPaths(site.object, site.editing);
  const blockLine = !yaml || startsBlockLine(view.text, site);
  const dotted = dottedStyle(site, present, env) || !blockLine;
  const end = site.end + (!yaml && site.closeQuote ? 1 : 0);
  const writer = writerFor(env.format);
  const quote = site.openQuote ? quoteBefore(view.text, site.start) : undefined;
  const style: Style = {
    yaml,
    writer,
    dotted,
    quote,
    unit: yaml ? writer.indentUnit(view.text) : '',
    column: blockLine ? site.column : leadingIndent(view.text, site),
    commaAfter: yaml ? '' : jsonCommaAfter(view.text, end),
    commaBefore: yaml ? undefined : jsonCommaBefore(view.text, site.start - (site.openQuote ? 1 : 0)),
    nameOnly: `n${yaml ? 'y' : 'j'}${quote ?? 0}${site.hasColon ? 1 : 0}${site.quoteInRange ? 1 : 0}`,
    spans: new Map(),
  };
  const offered: Candidate[] = [];
  for (const candidate of candidates(env.catalog, parent, site.segmentOnly)) {
    const relToObject = relativeToObject(site, candidate);
    if (present.size > 0 && present.has(site.prefix.length ? relToObject.join('.') : candidate.label)) continue;
    // A nested insertion under a name the object already holds would write that key twice.
    if (!dotted && !site.hasColon && relToObject.length > 1 && present.has(relToObject[0])) continue;
    offered.push(candidate);
  }
  const typed = wordBefore(view.text, site.start, offset);
  const { kept, incomplete } = keepBest(offered, {
    label: (c) => c.label,
    filterText: (c) => filterTextOf(site, c),
    sortText: (c) => c.sortText,
    typed: () => typed,
  }, max);
  const entries: CompletionEntry[] = [];
  for (let i = 0; i < kept.length; i++) entries.push(entry(site, kept[i], relativeToObject(site, kept[i]), style));
  return { entries, incomplete };
}

const NOTHING: LimitedCompletion = { entries: [], incomplete: false };

/** A candidate's segments from the caret's object: below the typed dotted prefix, if any. */
function relativeToObject(site: KeySite, c: Candidate): string[] {
  return site.prefix.length ? [...site.prefix, ...c.rel] : c.rel;
}

/** What a client filters an entry by: the whole dotted name typed so far, unless only the segment is replaced. */
function filterTextOf(site: KeySite, c: Candidate): string {
  return site.prefix.length && !site.segmentOnly ? `${site.prefix.join('.')}.${c.label}` : c.label;
}

/** Dotted keys where the file's style wants them, where the user is already typing one in YAML, or to avoid a duplicate key. */
function dottedStyle(site: KeySite, present: Set<string>, env: FeatureEnv): boolean {
  if (env.dottedKeys) return true;
  if (site.prefix.length === 0) return false;
  return env.format === 'yaml' || present.has(site.prefix[0]);
}

/**
 * Whether a YAML key starts its line (after indentation and `- `/`? ` indicators) or follows a flow collection's
 * `{`, `[` or `,`: only there does the nested form fit. Anywhere else mid-line (junk typed into a long scalar) it
 * would indent by the column, tens of thousands of spaces per item: the dotted name is offered instead.
 */
function startsBlockLine(text: string, site: KeySite): boolean {
  const before = text.slice(site.start - site.column, site.start);
  return /^[ \t]*(?:[-?][ \t]+)*$/.test(before) || (/[{[,][ \t]*$/.test(before) && site.column <= MAX_NESTED_COLUMN);
}

/** The width of the white space that starts the site's line. */
function leadingIndent(text: string, site: KeySite): number {
  return /^[ \t]*/.exec(text.slice(site.start - site.column, site.start))![0].length;
}

/** Past this column a flow collection's key gets the dotted name: the nested form indents every line by the column. */
const MAX_NESTED_COLUMN = 200;

const cache = new WeakMap<Catalog, Map<string, Candidate[]>>();

/** The candidates below a parent, built once per catalog (the root alone has every field). */
export function candidates(catalog: Catalog, parent: readonly string[], directOnly: boolean): Candidate[] {
  let byParent = cache.get(catalog);
  if (!byParent) cache.set(catalog, (byParent = new Map<string, Candidate[]>()));
  const key = parent.join('.');
  let list = byParent.get(key);
  if (!list) {
    list = childrenOf(catalog, parent).map(fromChild);
    const depth = parent.length;
    for (const field of fieldsBelow(catalog, parent)) {
      const segments = field.path.split('.');
      if (segments.length > depth + 1) list.push(fromField(field, segments.slice(depth)));
    }
    byParent.set(key, list);
  }
  return directOnly ? list.filter((c) => c.direct) : list;
}

function fromChild(child: ChildEntry): Candidate {
  const field = child.field;
  const level = field?.level ?? child.level;
  const deprecated = field?.deprecated ?? child.deprecated;
  const beta = field?.beta ?? child.beta;
  return finish({
    rel: [child.name],
    path: child.path,
    target: { kind: child.kind, field },
    level,
    direct: true,
    deprecated,
    beta,
    detail: field ? fieldDetail(field) : detailLine('object', level, { deprecated, beta }),
  });
}

function fromField(field: FieldDefinition, rel: string[]): Candidate {
  return finish({
    rel,
    path: field.path,
    target: { kind: 'field', field },
    level: field.level,
    direct: false,
    deprecated: field.deprecated,
    beta: field.beta,
    detail: fieldDetail(field),
  });
}

function finish(c: Omit<Candidate, 'label' | 'sortText'>): Candidate {
  const label = c.rel.join('.');
  return { ...c, label, sortText: `${levelRank(c.level)}${c.direct ? 0 : 1}${label}` };
}

interface Style {
  yaml: boolean;
  writer: SyntaxWriter;
  dotted: boolean;
  /** The quote the user opened the key with. */
  quote?: Quote;
  /** YAML indentation step. */
  unit: string;
  /** The column a YAML value below the key is indented from: the key's, or mid-line the line's own indentation. */
  column: number;
  /** JSON: a comma after the new member when another one follows, and one before it when the previous lacks it. */
  commaAfter: string;
  commaBefore?: TextEdit;
  /** The memo key of a name-only insertion: the shape of the key being replaced. */
  nameOnly: string;
  /** The spans entries replace, by their end: shared by the entries of one list (hundreds at the top level). */
  spans: Map<number, Span>;
}

function entry(site: KeySite, c: Candidate, relToObject: string[], style: Style): CompletionEntry {
  const edit = insertion(site, c, relToObject, style);
  const result: CompletionEntry = {
    label: c.label,
    kind: c.target.kind,
    level: c.level,
    detail: c.detail,
    docPath: c.path,
    insertText: edit.text,
    snippet: true,
    replace: replaced(style, site.start, edit.end),
    filterText: filterTextOf(site, c),
    sortText: c.sortText,
  };
  if (edit.additional) result.additionalEdits = [edit.additional];
  if (c.deprecated !== undefined) result.deprecated = true;
  return result;
}

function replaced(style: Style, start: number, end: number): Span {
  let span = style.spans.get(end);
  if (!span) style.spans.set(end, (span = { start, end }));
  return span;
}

/** The text replacing the key (from `site.start` to `end`), and a comma before it when one is missing. */
function insertion(site: KeySite, c: Candidate, relToObject: string[], style: Style): { text: string; end: number; additional?: TextEdit } {
  const quote = style.yaml || site.openQuote ? '' : '"';
  const names = site.segmentOnly ? c.rel : relToObject;
  // Only the name changes: the key already has its value, or it continues as a dotted key into an object.
  // Without a typed prefix the text depends on the site's shape and the style only: built once per candidate.
  const own = names === c.rel;
  if (site.hasColon || (style.dotted && c.target.kind === 'object')) {
    const build = (): string => {
      const name = names.join('.') + (site.hasColon ? '' : '.');
      const key = style.quote ? style.writer.inQuotes(name, style.quote) : style.yaml ? style.writer.key(name) : `${quote}${style.writer.inQuotes(name, '"')}`;
      const reclose = site.quoteInRange ? (site.hasColon ? '"' : '$0"') : '';
      const close = !style.yaml && !site.openQuote && site.hasColon ? '"' : '';
      return snippetEscape(key) + close + reclose;
    };
    return { text: own ? memoText(c, style.nameOnly, build) : build(), end: site.end };
  }
  if (style.yaml) {
    const build = (): string => keySnippet(style.writer, names, c.target, style.dotted, style.column, style.unit);
    // Memoised for the columns keys are written at: the memo lives as long as the catalog, one text per column.
    const memo = own && style.column <= MEMO_COLUMNS;
    return { text: memo ? memoText(c, `y${style.dotted ? 1 : 0}:${style.column}:${style.unit}`, build) : build(), end: site.end };
  }
  // The snippet without its opening quote: the user typed it, or `quote` adds it.
  const build = (): string => keySnippet(style.writer, names, c.target, style.dotted, 0, '').slice(1);
  return {
    text: quote + (own ? memoText(c, style.dotted ? 'j1' : 'j0', build) : build()) + style.commaAfter,
    end: site.end + (site.closeQuote ? 1 : 0),
    additional: style.commaBefore,
  };
}

const MEMO_COLUMNS = 64;

/** The quote just before a key's text, which the user opened it with. */
function quoteBefore(text: string, start: number): Quote | undefined {
  const c = text.charAt(start - 1);
  return c === '"' || c === "'" ? c : undefined;
}

function memoText(c: Candidate, key: string, build: () => string): string {
  const texts = c.texts ?? (c.texts = new Map<string, string>());
  let text = texts.get(key);
  if (text === undefined) texts.set(key, (text = build()));
  return text;
}
