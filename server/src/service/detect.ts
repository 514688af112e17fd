// Which files are event documents, and in which format: the files matching fieldwise.files.events, and any JSON or
// YAML file whose first event looks like one. The language server and the command line both decide with this.
import { readdirSync, Stats, statSync } from 'node:fs';
import { isAbsolute, join, parse, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import type { Catalog } from '../catalog/types';
import { loadProcessorTable } from '../catalog/processors';
import { looksLikeConsole, splitConsole } from '../document/console';
import { looksLikeFieldDefinitions } from '../kinds/fieldDefinitions/looksLikeFieldDefinitions';
import { firstEvent } from '../kinds/events/eventDocument';
import { fileType, FileType } from '../document/fileType';
import { parseGuarded } from '../document/syntaxes/guardedParse';
import type { ParsedValue } from '../document/syntaxes/json/jsonValue';
import type { DocumentFormat, ObjectNode, ValueNode } from '../document/model';
import { looksLikeMapping } from '../kinds/mappings/looksLikeMapping';
import { PIPELINE_KEYS } from '../kinds/pipelines/pipelineDocument';
import { matchesAny } from '../features/fileSettings';
import { adapterForRequest, adapterOf } from '../kinds/registry';
import type { FieldwiseSettings } from './settings';

const EXTENSIONS: Array<[RegExp, DocumentFormat]> = [
  [/\.(?:ndjson|jsonl)$/i, 'ndjson'],
  [/\.json$/i, 'json'],
  [/\.ya?ml$/i, 'yaml'],
];

const LANGUAGES: Record<string, DocumentFormat> = { json: 'json', jsonc: 'json', ndjson: 'ndjson', jsonl: 'ndjson', jsonlines: 'ndjson', yaml: 'yaml' };

/** The format a file name says: .json -> json, .ndjson/.jsonl -> ndjson, .yml/.yaml -> yaml. */
export function formatFromName(file: string): DocumentFormat | undefined {
  for (const [pattern, format] of EXTENSIONS) if (pattern.test(file)) return format;
  return undefined;
}

/** The format an editor's language id says. */
export function formatFromLanguage(languageId: string | undefined): DocumentFormat | undefined {
  return languageId === undefined ? undefined : LANGUAGES[languageId];
}

/** The format of a text whose name says nothing: JSON when it starts with { or [, NDJSON when several lines do. */
export function guessFormat(text: string): DocumentFormat {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const first = lines[0] ?? '';
  if (first.startsWith('{') && lines.length > 1 && lines.every((l) => l.startsWith('{') && l.endsWith('}'))) return 'ndjson';
  return first.startsWith('{') || first.startsWith('[') ? 'json' : 'yaml';
}

/** Whether a path (relative to its workspace or the current folder) matches fieldwise.files.events. */
export function matchesEventGlobs(settings: FieldwiseSettings, file: string): boolean {
  return matchesAny(settings.files.events, file);
}

/**
 * Whether the first event of a text looks like an event: it has `@timestamp`, a `schema` or `ecs` object (or a
 * dotted `schema.version` / `ecs.version` key), or two or more keys that are schema field sets.
 */
export function looksLikeEvents(text: string, format: DocumentFormat, catalog: Catalog, whole?: () => ParsedValue): boolean {
  const first = whole && isOneObject(text, format) ? whole().root : firstEventRoot(text, format);
  if (first?.kind !== 'object') return false;
  const setNames = topLevelSetNames(catalog);
  let sets = 0;
  const seen = new Set<string>();
  for (const property of first.properties) {
    const key = property.key;
    if (key === '@timestamp' || key === 'schema.version' || key === 'ecs.version') return true;
    if ((key === 'schema' || key === 'ecs') && property.value?.kind === 'object') return true;
    const head = key.split('.')[0];
    if (setNames.has(head) && !seen.has(head)) {
      seen.add(head);
      if (++sets >= 2) return true;
    }
  }
  return false;
}

/** The event format of a file, or undefined when Fieldwise leaves it alone (not JSON/YAML, or not events). */
export function eventDocumentFormat(file: string, text: string, settings: FieldwiseSettings, catalog: Catalog, languageId?: string): DocumentFormat | undefined {
  const type = fileTypeOf(file, text, settings, catalog, languageId);
  return type?.kind === 'events' ? type.format : undefined;
}

/** Parses a text whole, as a pipeline is parsed (`parseGuarded`): the LanguageService keeps the result for the parse that follows. */
export type WholeParse = (text: string, format: 'json' | 'yaml') => ParsedValue;

/**
 * What a file is, or undefined when Fieldwise leaves it alone. By path first (the fieldwise.files.* globs: console
 * text, events, pipelines, then mappings and field definitions), then by content: events, ingest pipelines, field
 * definitions, mappings. Events and pipelines share one whole parse, `parseWhole`: a JSON text of one object is
 * its own first event, and that parse also reads it as a pipeline.
 */
export function fileTypeOf(
  file: string, text: string, settings: FieldwiseSettings, catalog: Catalog, languageId?: string, parseWhole: WholeParse = wholeText,
): FileType | undefined {
  if (matchesAny(settings.files.console, file) || languageId === 'http' || languageId === 'es-console') return consoleType(text);
  const format = formatFromName(file) ?? formatFromLanguage(languageId);
  if (!format || isPipelineTestInput(file)) return undefined;
  if (matchesEventGlobs(settings, file)) return fileType('events', format);
  if (format !== 'ndjson' && matchesAny(settings.files.pipelines, file)) return fileType('ingestPipeline', format);
  if (format !== 'ndjson' && matchesAny(settings.files.mappings, file)) {
    const kind = definesAsList(text, format) ? 'fieldDefinitions' : 'mapping';
    if (adapterOf(kind)) return fileType(kind, format);
  }
  if (format === 'ndjson') return looksLikeEvents(text, format, catalog) ? fileType('events', format) : undefined;
  let parsed: ParsedValue | undefined;
  const whole = (): ParsedValue => (parsed ??= parseWhole(text, format));
  if (looksLikeEvents(text, format, catalog, whole)) return fileType('events', format);
  if (looksLikePipeline(text, format, whole)) return fileType('ingestPipeline', format);
  if (looksLikeFieldDefinitions(text, format)) return fileType('fieldDefinitions', format);
  if (looksLikeMapping(text, format)) return fileType('mapping', format);
  return undefined;
}

function wholeText(text: string, format: 'json' | 'yaml'): ParsedValue {
  return parseGuarded(text, format === 'yaml', 'a pipeline');
}

/** A JSON text whose first event is the whole text: one object (not an array of events, not Elastic's `{"expected": [...]}`). */
function isOneObject(text: string, format: DocumentFormat): boolean {
  return format === 'json' && /^\s*\{/.test(text) && !/^\s*\{\s*"expected"\s*:\s*\[/.test(text);
}

const TEST_INPUT = /(?:^|\/)_dev\/test\/pipeline\/test-[^/]*\.(?:json|ya?ml)$/;

/** An integration package's pipeline test input: the pipeline's raw input, not events (its `-expected.json` output is). */
function isPipelineTestInput(file: string): boolean {
  return TEST_INPUT.test(file.replace(/\\/g, '/')) && !file.endsWith('-expected.json');
}

/** Console text that sends a request some file kind reads; its kind is the first such request's (the service reads them all). */
function consoleType(text: string): FileType | undefined {
  if (!looksLikeConsole(text)) return undefined;
  for (const request of splitConsole(text)) {
    const adapter = request.body && adapterForRequest(request);
    if (adapter) return fileType(adapter.kind, 'json', true);
  }
  return undefined;
}

/**
 * Of the files fieldwise.files.mappings names, field definitions are YAML lists (`- name: ...`, `- key: ...`);
 * index templates and mappings are objects.
 */
function definesAsList(text: string, format: DocumentFormat): boolean {
  if (format !== 'yaml') return false;
  for (const line of text.slice(0, 65536).split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed === '---' || trimmed.startsWith('#')) continue;
    return trimmed.startsWith('- ') || trimmed === '-';
  }
  return false;
}

/**
 * An ingest pipeline: an object whose keys are pipeline keys with a `processors` list, or a bare list, whose items
 * are one-key objects named after ingest processors (most of them: a pipeline being written has a typo or two).
 * A list alone, or `processors:` without the other pipeline keys, is also how a Beats config looks: there the items'
 * options must be the ingest processor's own too (Beats' `rename` and `convert` take `fields: [{from, to}]`).
 */
export function looksLikePipeline(text: string, format: DocumentFormat, whole: () => ParsedValue = () => wholeText(text, format === 'yaml' ? 'yaml' : 'json')): boolean {
  // Cheap first: only a text that names `processors` or is a list is parsed whole.
  if (!text.includes('processors') && !/^\s*(?:---\s*)?-|^\s*\[/.test(text)) return false;
  let root: ValueNode | undefined;
  try {
    root = whole().root;
  } catch {
    return false;
  }
  if (root?.kind !== 'object') return mostlyProcessors(root, true);
  if (!root.properties.some((p) => p.key === 'processors')) return false;
  // Beats configs have `processors:` too, never the other keys of a pipeline: with those, the names alone decide.
  const strict = !root.properties.some((p) => p.key !== 'processors' && PIPELINE_KEYS.includes(p.key));
  return mostlyProcessors(valueOfKey(root, 'processors'), strict);
}

function valueOfKey(object: ObjectNode, key: string): ValueNode | undefined {
  return object.properties.find((p) => p.key === key)?.value;
}

/**
 * Most items are ingest processors: one-key objects named after one. `strict`: whose options (when given) are all its
 * own too, for Beats has processors of the same names with other options (`rename: {fields: [{from, to}]}`).
 */
function mostlyProcessors(list: ValueNode | undefined, strict: boolean): boolean {
  if (list?.kind !== 'array' || list.items.length === 0) return false;
  const table = loadProcessorTable();
  let known = 0;
  for (const item of list.items) {
    if (item.kind !== 'object' || item.properties.length !== 1) continue;
    const { key: name, value } = item.properties[0];
    if (!table.get(name)) continue;
    if (strict && value?.kind === 'object' && value.properties.some((p) => p.key !== '' && !table.option(name, p.key))) continue;
    known++;
  }
  return known * 2 > list.items.length;
}

const setNameMemo = new WeakMap<Catalog, Set<string>>();

/** Names of the field sets placed at the root (`event`, `host`, and `source` ... from the shared side shape). */
function topLevelSetNames(catalog: Catalog): Set<string> {
  let names = setNameMemo.get(catalog);
  if (!names) {
    names = new Set(catalog.children([]).filter((entry) => entry.fieldSet && entry.kind === 'object').map((entry) => entry.name));
    setNameMemo.set(catalog, names);
  }
  return names;
}

/** The first event's value, parsed alone (cheap even for a large file). */
function firstEventRoot(text: string, format: DocumentFormat): ValueNode | undefined {
  return firstEvent(text, format)?.root;
}

// ---------------------------------------------------------------- the command line's paths

export interface Candidate {
  /** The path to read. */
  path: string;
  /** The path as the user should see it: as given, or joined to the folder or glob base that was given. */
  display: string;
  /** Named on the command line (always checked); false when found in a folder or by a glob (detection decides). */
  named: boolean;
  /** The path fieldwise.files.events and other globs are matched against: below the current folder, else below the folder given. */
  globPath: string;
}

export interface Expansion {
  candidates: Candidate[];
  /** Arguments that name nothing: a missing path, a glob that matches no file. */
  missing: string[];
}

const GLOB_CHARS = /[*?[\]{}()!]/;

/** Folders never searched: dependencies and hidden folders (.git, .vscode, ...). */
function skippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * Expands command-line paths: files as they are, folders to their JSON/YAML files and the files the console globs
 * match (Dev Tools text such as `requests.console`), globs to the files they match.
 */
export function expandPaths(args: readonly string[], cwd: string, consoleGlobs: readonly string[] = []): Expansion {
  const candidates: Candidate[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  const add = (candidate: Candidate): void => {
    const key = resolve(cwd, candidate.path);
    if (seen.has(key)) return;
    seen.add(key);
    candidates.push(candidate);
  };
  for (const arg of args) {
    const stats = statOf(resolve(cwd, arg));
    if (stats?.isDirectory()) {
      const root = resolve(cwd, arg);
      for (const file of walk(root, cwd, consoleGlobs)) add({ path: file, display: displayUnder(arg, root, file), named: false, globPath: globPathOf(cwd, root, file) });
    } else if (stats || !GLOB_CHARS.test(arg)) {
      const path = resolve(cwd, arg);
      add({ path, display: arg, named: true, globPath: globPathOf(cwd, cwd, path) });
    } else {
      const matched = globFiles(arg, cwd, consoleGlobs);
      if (matched.length === 0) missing.push(arg);
      matched.forEach((c) => add(c));
    }
  }
  return { candidates, missing };
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Every JSON/YAML file and console file under a folder, sorted, skipping node_modules and dot folders. */
function walk(root: string, cwd: string, consoleGlobs: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skippedFolder(entry.name)) visit(path);
      } else if ((formatFromName(entry.name) || matchesAny(consoleGlobs, globPathOf(cwd, root, path))) && (entry.isFile() || statOf(path)?.isFile())) {
        out.push(path);
      }
    }
  };
  visit(root);
  return out;
}

/**
 * A path for glob matching: relative to the current folder when below it, else relative to `root` (a folder given),
 * else (a file named outside the current folder) the whole path without its root, so that `**` globs still see
 * every folder name: `..` segments match no glob.
 */
function globPathOf(cwd: string, root: string, file: string): string {
  const fromCwd = relative(cwd, file);
  if (!fromCwd.startsWith('..') && fromCwd !== '' && !isAbsolute(fromCwd)) return fromCwd.split(sep).join('/');
  const fromRoot = relative(root, file);
  const path = fromRoot !== '' && !fromRoot.startsWith('..') && !isAbsolute(fromRoot) ? fromRoot : file.slice(parse(file).root.length);
  return path.split(sep).join('/');
}

/** A found file shown as the folder argument joined with its path below that folder. */
function displayUnder(arg: string, root: string, file: string): string {
  const below = relative(root, file).split(sep).join('/');
  const base = arg.replace(/[\\/]+$/, '');
  return base === '' || base === '.' ? below : `${base}/${below}`;
}

function globFiles(glob: string, cwd: string, consoleGlobs: readonly string[]): Candidate[] {
  const pattern = glob.replace(/\\/g, '/');
  const scan = picomatch.scan(pattern);
  const base = scan.base === '' ? '.' : scan.base;
  const root = resolve(cwd, base);
  if (!statOf(root)?.isDirectory()) return [];
  const test = picomatch(scan.glob, { dot: false });
  return walk(root, cwd, consoleGlobs)
    .map((file) => ({ file, below: relative(root, file).split(sep).join('/') }))
    .filter(({ below }) => test(below))
    .map(({ file, below }) => ({ path: file, display: base === '.' ? below : `${base}/${below}`, named: false, globPath: globPathOf(cwd, root, file) }));
}
