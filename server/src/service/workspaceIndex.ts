// The workspace's field index: for each file of a workspace folder that the `fieldwise.files.*` globs find, every field
// reference the file's kind gives (kinds/kind.ts `references`: the path, what the file does with it, where it is
// written), its processor tags, what it answers to (a pipeline's name), and the component templates it defines. Pure:
// lsp/ (or the command line) reads the files and hands their text here; the index keeps no text and no tree: each
// file's references are rows of numbers in one typed array (the name's number in an interned table, the use, the
// line and character of the place), and each name lists the files that name it.
import type { FileType, KindDocument } from '../document/fileType';
import { lineOf, lineStarts } from '../document/lines';
import type { ComponentTemplate, FileKind, FileLink, NamedPart, RefUse, WorkspaceRef } from '../kinds/kind';
import type { RefRole } from '../document/fieldRefs';
import { matchesAny } from '../features/fileSettings';
import type { PlaceRange } from '../features/types';
import type { FieldwiseSettings } from '../features/settings';
import type { WorkspaceFields } from '../features/workspaceFields';
import { kindNamed, kinds } from '../kinds/registry';
import { isConsole, parseConsole } from './consoleDocument';
import { LAYOUT_GLOBS } from './packageLayout';

/** One reference the index holds, as its queries answer it. */
export interface IndexedRef {
  file: string;
  path: string;
  use: RefUse;
  role: RefRole;
  /** How many leading segments an enclosing place names (kinds/kind.ts `WorkspaceRef.first`). */
  first: number;
  object: boolean;
  removes: boolean;
  range: PlaceRange;
}

/** A named part of a file (a processor tag), placed. */
export interface IndexedPart {
  file: string;
  name: string;
  detail: string;
  range: PlaceRange;
}

/** What one file gives the index, read by its kind. */
export interface FileFields {
  /** The kind that read it (console text: the kind of each part; the first part's here). */
  kind: string | undefined;
  refs: WorkspaceRef[];
  components: ComponentTemplate[];
  tags: NamedPart[];
  answers: Array<Pick<FileLink, 'namespace' | 'name'>>;
}

/** The ceiling: beyond it a file is not indexed, and the caller says so (no silent truncation). */
export interface IndexLimits {
  maxFiles: number;
  /** The references held across every file (each a row of six numbers). */
  maxRefs: number;
}

export const WORKSPACE_INDEX_LIMITS: IndexLimits = { maxFiles: 200_000, maxRefs: 8_000_000 };

/** The numbers of one reference: name, flags, start line, start character, end line, end character. */
const ROW = 6;
const USES: readonly RefUse[] = ['write', 'read', 'map', 'define', 'carry'];
const ROLES: readonly RefRole[] = ['key', 'name', 'template', 'pattern', 'script', 'declared'];
const OBJECT = 1 << 6;
const REMOVES = 1 << 7;

/** Which uses say that a file writes or carries a name (what `written()` answers: the fields that end up in events). */
const WRITES = new Set<RefUse>(['write', 'carry']);
/** Which uses declare a name (what go to definition and the unmapped-field check read). */
export const DECLARES = new Set<RefUse>(['map', 'define']);

interface Entry {
  id: number;
  kind: string | undefined;
  rows: Int32Array;
  /** The distinct names of `rows`, each once (the postings are kept by these). */
  names: Int32Array;
  components: readonly ComponentTemplate[];
  tags: readonly IndexedPart[];
  answers: ReadonlyArray<Pick<FileLink, 'namespace' | 'name'>>;
  /** Whether it declares any name (map, define): a change then changes declarations. */
  declares: boolean;
}

/** The globs whose files the index reads: every kind's that gives references or component templates, console text, and the package layout's files. */
export function indexedGlobs(settings: FieldwiseSettings): string[] {
  return [...globsOf(settings, kinds.filter((k) => k.references !== undefined || k.writtenFields !== undefined || k.componentTemplates !== undefined)), ...LAYOUT_GLOBS];
}

/** Whether the index reads a file (its path relative to the workspace folder, `/`-separated). */
export function indexesFile(settings: FieldwiseSettings, file: string): boolean {
  return matchesAny(indexedGlobs(settings), file);
}

/**
 * Whether a file may define component templates (the mappings and console globs): an open one is indexed again
 * after a pause in typing, since other documents' findings read it.
 */
export function definesComponents(settings: FieldwiseSettings, file: string): boolean {
  return matchesAny(globsOf(settings, kinds.filter((k) => k.componentTemplates !== undefined)), file);
}

/** The globs of these kinds' settings and of console text, each setting once. */
function globsOf(settings: FieldwiseSettings, of: readonly FileKind[]): string[] {
  const names = new Set([...of.map((k) => k.files.setting), 'console']);
  return [...names].flatMap((name) => settings.files[name] ?? []);
}

/** `<prefix>_<version>_<name>`: how the schema family's generator names the component template of `component/<name>.json`. */
const FAMILY_NAME = /^.+?_\d+(?:\.\d+)+_(.+)$/;

const NO_ROWS = new Int32Array(0);

export class WorkspaceIndex implements WorkspaceFields {
  private readonly entries = new Map<string, Entry>();
  private readonly byId: Array<string | undefined> = [];
  private readonly freeIds: number[] = [];
  /** Interned names: a name's number is its place here. */
  private names: string[] = [];
  private readonly numbers = new Map<string, number>();
  /** By name number: the ids of the files that name it. */
  private readonly postings = new Map<number, number[]>();
  private refCount = 0;
  private union: Set<string> | undefined;
  private byName: { exact: Map<string, Set<string>>; files: Map<string, Set<string>> } | undefined;
  componentsVersion = 0;
  /** Bumped whenever a file that declares names changes (findings that read declarations are stale). */
  declarationsVersion = 0;
  /** Bumped on every change. */
  version = 0;
  /**
   * Every file of the folder has been read once (set by whoever reads them): until then an absent declaration may be
   * one not read yet, so nothing is reported as unmapped.
   */
  complete = false;

  constructor(private readonly limits: IndexLimits = WORKSPACE_INDEX_LIMITS) {}

  get files(): number {
    return this.entries.size;
  }

  /** The references held (what the ceiling counts). */
  get references(): number {
    return this.refCount;
  }

  /** The distinct names held. */
  get nameCount(): number {
    return this.numbers.size;
  }

  has(file: string): boolean {
    return this.entries.has(file);
  }

  /**
   * Indexes a file's content, replacing what it gave before; `type` is what it is (`fileTypeOf`). False when the
   * ceiling leaves no room for it: it is then not indexed (the old entry, if any, is dropped).
   */
  set(file: string, text: string, type: FileType | undefined, doc?: KindDocument): boolean {
    const found = type ? fileFields(text, type, file, doc) : undefined;
    return this.setFields(file, text, found);
  }

  /** `set` with what the file gives already read (`fileFields`). */
  setFields(file: string, text: string, found: FileFields | undefined): boolean {
    const old = this.entries.get(file);
    const count = found?.refs.length ?? 0;
    if ((!old && this.entries.size >= this.limits.maxFiles) || this.refCount - (old ? old.rows.length / ROW : 0) + count > this.limits.maxRefs) {
      this.delete(file);
      return false;
    }
    if (old) this.drop(file, old);
    const id = old?.id ?? this.freeIds.pop() ?? this.byId.length;
    this.byId[id] = file;
    const starts = count > 0 || (found?.tags.length ?? 0) > 0 ? lineStarts(text) : [];
    const rows = count === 0 ? NO_ROWS : new Int32Array(count * ROW);
    const distinct = new Set<number>();
    let declares = false;
    for (let i = 0; i < count; i++) {
      const ref = found!.refs[i];
      const name = this.number(ref.path);
      distinct.add(name);
      if (DECLARES.has(ref.use)) declares = true;
      const at = i * ROW;
      rows[at] = name;
      rows[at + 1] = USES.indexOf(ref.use) | (ROLES.indexOf(ref.role) << 3) | (ref.object ? OBJECT : 0) | (ref.removes ? REMOVES : 0) | (Math.min(ref.first, 0xffff) << 8);
      placeInto(rows, at + 2, starts, ref.start);
      placeInto(rows, at + 4, starts, ref.end);
    }
    const names = Int32Array.from(distinct);
    for (const name of names) {
      let list = this.postings.get(name);
      if (!list) this.postings.set(name, (list = []));
      list.push(id);
    }
    const entry: Entry = {
      id,
      kind: found?.kind,
      rows,
      names,
      components: (found?.components ?? []).map((c) => ({ name: c.name, fields: c.fields.map((f) => this.names[this.number(f)]) })),
      tags: (found?.tags ?? []).map((t) => ({ file, name: t.name, detail: t.detail, range: rangeOf(starts, t.start, t.end) })),
      answers: found?.answers ?? [],
      declares,
    };
    this.entries.set(file, entry);
    this.refCount += count;
    this.changed(old, entry);
    return true;
  }

  delete(file: string): boolean {
    const old = this.entries.get(file);
    if (!old) return false;
    this.drop(file, old);
    this.entries.delete(file);
    this.byId[old.id] = undefined;
    this.freeIds.push(old.id);
    this.changed(old, undefined);
    return true;
  }

  /** Takes a file's rows out of the postings and the count. */
  private drop(file: string, old: Entry): void {
    for (const name of old.names) {
      const list = this.postings.get(name);
      if (!list) continue;
      const at = list.indexOf(old.id);
      if (at >= 0) {
        list[at] = list[list.length - 1];
        list.pop();
      }
      if (list.length === 0) this.postings.delete(name);
    }
    this.refCount -= old.rows.length / ROW;
    void file;
  }

  private changed(old: Entry | undefined, entry: Entry | undefined): void {
    this.union = undefined;
    this.version++;
    if (old?.components.length || entry?.components.length) {
      this.byName = undefined;
      this.componentsVersion++;
    }
    if (old?.declares || entry?.declares) this.declarationsVersion++;
  }

  /** The files indexed, relative to the folder. */
  indexed(): string[] {
    return [...this.entries.keys()];
  }

  /** The kind that read a file (undefined: none recognised it). */
  kindOf(file: string): string | undefined {
    return this.entries.get(file)?.kind;
  }

  written(): ReadonlySet<string> {
    if (!this.union) {
      this.union = new Set();
      for (const entry of this.entries.values()) {
        const rows = entry.rows;
        for (let at = 0; at < rows.length; at += ROW) if (WRITES.has(USES[rows[at + 1] & 7])) this.union.add(this.names[rows[at]]);
      }
    }
    return this.union;
  }

  /** Every reference to `path` in the workspace, file by file in the index's order; `where` keeps only some files. */
  uses(path: string, where?: (file: string) => boolean): IndexedRef[] {
    const name = this.numbers.get(path);
    if (name === undefined) return [];
    const out: IndexedRef[] = [];
    for (const id of this.postings.get(name) ?? []) {
      const file = this.byId[id]!;
      if (where && !where(file)) continue;
      const rows = this.entries.get(file)!.rows;
      for (let at = 0; at < rows.length; at += ROW) if (rows[at] === name) out.push(this.refAt(file, rows, at));
    }
    return out;
  }

  /**
   * Where `path` is named, as places only (find references on a name of tens of thousands of places: one object per
   * place and its range, nothing else), leaving out the file `except` and, unless `declarations`, the map and define places.
   */
  places(path: string, except: string, declarations: boolean): Array<{ file: string; range: PlaceRange }> {
    const name = this.numbers.get(path);
    if (name === undefined) return [];
    const out: Array<{ file: string; range: PlaceRange }> = [];
    for (const id of this.postings.get(name) ?? []) {
      const file = this.byId[id]!;
      if (file === except) continue;
      const rows = this.entries.get(file)!.rows;
      for (let at = 0; at < rows.length; at += ROW) {
        if (rows[at] !== name || (!declarations && DECLARES.has(USES[rows[at + 1] & 7]))) continue;
        out.push({ file, range: { start: { line: rows[at + 2], character: rows[at + 3] }, end: { line: rows[at + 4], character: rows[at + 5] } } });
      }
    }
    return out;
  }

  /** The files that name `path`, without reading their rows. */
  filesNaming(path: string): string[] {
    const name = this.numbers.get(path);
    if (name === undefined) return [];
    return (this.postings.get(name) ?? []).map((id) => this.byId[id]!);
  }

  /** Every reference of one file. */
  refsOf(file: string): IndexedRef[] {
    const entry = this.entries.get(file);
    if (!entry) return [];
    const out: IndexedRef[] = [];
    for (let at = 0; at < entry.rows.length; at += ROW) out.push(this.refAt(file, entry.rows, at));
    return out;
  }

  /** Every name at or below `path` (`path` itself and `path.*`). */
  namesBelow(path: string): string[] {
    const prefix = `${path}.`;
    const out: string[] = [];
    for (const name of this.numbers.keys()) if (name === path || name.startsWith(prefix)) out.push(name);
    return out;
  }

  /** Every name some file declares, writes or carries whose path contains `query` (case-insensitive), at most `max`, each at its first place. */
  fieldSymbols(query: string, max: number): IndexedRef[] {
    const q = query.toLowerCase();
    const out: IndexedRef[] = [];
    for (const [name, number] of this.numbers) {
      if (out.length >= max) break;
      if (q !== '' && !name.toLowerCase().includes(q)) continue;
      const ids = this.postings.get(number);
      if (!ids || ids.length === 0) continue;
      const first = this.firstUse(name, number, ids);
      if (first) out.push(first);
    }
    return out;
  }

  /** The first declaration of a name, else its first write or carry. */
  private firstUse(name: string, number: number, ids: readonly number[]): IndexedRef | undefined {
    let written: IndexedRef | undefined;
    for (const id of ids) {
      const file = this.byId[id]!;
      const rows = this.entries.get(file)!.rows;
      for (let at = 0; at < rows.length; at += ROW) {
        if (rows[at] !== number) continue;
        const use = USES[rows[at + 1] & 7];
        if (DECLARES.has(use)) return this.refAt(file, rows, at);
        if (!written && WRITES.has(use)) written = this.refAt(file, rows, at);
      }
    }
    void name;
    return written;
  }

  /** Every named part (processor tag) whose name contains `query`, at most `max`. */
  tags(query: string, max: number): IndexedPart[] {
    const q = query.toLowerCase();
    const out: IndexedPart[] = [];
    for (const entry of this.entries.values()) {
      for (const tag of entry.tags) {
        if (out.length >= max) return out;
        if (q === '' || tag.name.toLowerCase().includes(q)) out.push(tag);
      }
    }
    return out;
  }

  /** The files that answer to a link's namespace and name (a pipeline file's name). */
  answering(namespace: string, name: string): string[] {
    const out: string[] = [];
    for (const [file, entry] of this.entries) if (entry.answers.some((a) => a.namespace === namespace && a.name === name)) out.push(file);
    return out;
  }

  /** By its exact name (a console request's, a file's name without extension), else by the family's `ecs_1.11.0_<file name>` convention. */
  component(name: string): ReadonlySet<string> | undefined {
    const names = (this.byName ??= this.nameComponents());
    const exact = names.exact.get(name);
    if (exact) return exact;
    const family = FAMILY_NAME.exec(name)?.[1];
    return family === undefined ? undefined : names.files.get(family);
  }

  private nameComponents(): { exact: Map<string, Set<string>>; files: Map<string, Set<string>> } {
    const exact = new Map<string, Set<string>>();
    const files = new Map<string, Set<string>>();
    const add = (map: Map<string, Set<string>>, name: string, fields: readonly string[]): void => {
      let set = map.get(name);
      if (!set) map.set(name, (set = new Set()));
      for (const f of fields) set.add(f);
    };
    for (const [file, entry] of this.entries) {
      for (const c of entry.components) {
        const name = c.name ?? fileStem(file);
        add(exact, name, c.fields);
        if (c.name === undefined) add(files, name, c.fields);
      }
    }
    return { exact, files };
  }

  private refAt(file: string, rows: Int32Array, at: number): IndexedRef {
    const flags = rows[at + 1];
    return {
      file,
      path: this.names[rows[at]],
      use: USES[flags & 7],
      role: ROLES[(flags >> 3) & 7],
      first: flags >>> 8,
      object: (flags & OBJECT) !== 0,
      removes: (flags & REMOVES) !== 0,
      range: { start: { line: rows[at + 2], character: rows[at + 3] }, end: { line: rows[at + 4], character: rows[at + 5] } },
    };
  }

  /** A name's number, interned. Names no file gives any more stay in the table: it holds the names of the folder's files, edits add a few. */
  private number(name: string): number {
    const known = this.numbers.get(name);
    if (known !== undefined) return known;
    const number = this.names.length;
    this.names.push(name);
    this.numbers.set(name, number);
    return number;
  }
}

function placeInto(rows: Int32Array, at: number, starts: readonly number[], offset: number): void {
  const lo = lineOf(starts, offset);
  rows[at] = lo;
  rows[at + 1] = offset - (starts[lo] ?? 0);
}

function rangeOf(starts: readonly number[], start: number, end: number): PlaceRange {
  const rows = new Int32Array(4);
  placeInto(rows, 0, starts, start);
  placeInto(rows, 2, starts, end);
  return { start: { line: rows[0], character: rows[1] }, end: { line: rows[2], character: rows[3] } };
}

/** A file's name without folder and extension (`component/source.json` is `source`). */
export function fileStem(file: string): string {
  const base = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** What a file gives the index, read by its kind (`doc`: the file already parsed, when detection did so). */
export function fileFields(text: string, type: FileType, file: string, doc?: KindDocument): FileFields {
  const source = doc ?? (type.console ? parseConsole(text, type) : kindNamed(type.kind).parse(text, type, {}));
  const parts = isConsole(source) ? source.parts : [{ kind: kindNamed(source.kind), doc: source }];
  const found: FileFields = { kind: parts[0]?.kind.name ?? type.kind, refs: [], components: [], tags: [], answers: [] };
  for (const { kind, doc: part } of parts) {
    if (kind.references) for (const ref of kind.references(part)) found.refs.push(ref);
    else for (const name of kind.writtenFields?.(part) ?? []) found.refs.push({ path: name, start: 0, end: 0, first: 0, use: 'write', role: 'name' });
    found.components.push(...(kind.componentTemplates?.(part) ?? []));
    found.tags.push(...(kind.tags?.(part) ?? []));
    if (!isConsole(source)) found.answers.push(...(kind.answersTo?.(file, part) ?? []));
  }
  return found;
}
