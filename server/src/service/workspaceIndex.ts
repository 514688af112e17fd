// The workspace's field index: for each file of a workspace folder that the `fieldwise.files.*` globs find, the field
// names it writes (event keys, a pipeline's written references) and the component templates it defines (with the
// paths each maps), read off the file kinds' own references. Pure: lsp/ reads the files and hands their text here;
// the index keeps the names (interned), never a text or a tree.
import type { FileType, KindDocument } from '../document/fileType';
import type { ComponentTemplate, FileKind } from '../kinds/kind';
import { matchesAny } from '../features/fileSettings';
import type { FieldwiseSettings } from '../features/settings';
import type { WorkspaceFields } from '../features/workspaceFields';
import { kindNamed, kinds } from '../kinds/registry';
import { isConsole, parseConsole } from './consoleDocument';

/** What one file gives the index. */
export interface FileFields {
  /** The paths it writes, each once (event documents and pipelines). */
  written: readonly string[];
  /** The component templates it defines; a file's own (unnamed) one is named after the file. */
  components: readonly ComponentTemplate[];
}

/** The ceiling: beyond it a file is not indexed, and the caller says so (no silent truncation). */
export interface IndexLimits {
  maxFiles: number;
  /** The total size of the texts indexed, in UTF-16 code units (characters). */
  maxChars: number;
}

export const WORKSPACE_INDEX_LIMITS: IndexLimits = { maxFiles: 5_000, maxChars: 200 * 1024 * 1024 };

/** An interned name pool this large is rebuilt from the live names (edits leave names no file writes any more). */
const MAX_POOL = 200_000;

interface Entry {
  written: readonly string[];
  components: readonly ComponentTemplate[];
  chars: number;
}

/** The globs whose files the index reads: those of the kinds that give it names or component templates, and console text. */
export function indexedGlobs(settings: FieldwiseSettings): string[] {
  return globsOf(settings, kinds.filter((k) => k.writtenFields || k.componentTemplates));
}

/** Whether the index reads a file (its path relative to the workspace folder, `/`-separated). */
export function indexesFile(settings: FieldwiseSettings, file: string): boolean {
  return matchesAny(indexedGlobs(settings), file);
}

/**
 * Whether a file may define component templates (the mappings and console globs): an open one is indexed again
 * after a pause in typing, since other documents' findings read it; event documents and pipelines only when an
 * action needs them (indexing one parses it whole again).
 */
export function definesComponents(settings: FieldwiseSettings, file: string): boolean {
  return matchesAny(globsOf(settings, kinds.filter((k) => k.componentTemplates)), file);
}

/** The globs of these kinds' settings and of console text, each setting once. */
function globsOf(settings: FieldwiseSettings, of: readonly FileKind[]): string[] {
  const names = new Set([...of.map((k) => k.files.setting), 'console']);
  return [...names].flatMap((name) => settings.files[name] ?? []);
}

/** `<prefix>_<version>_<name>`: how the schema family's generator names the component template of `component/<name>.json`. */
const FAMILY_NAME = /^.+?_\d+(?:\.\d+)+_(.+)$/;

export class WorkspaceIndex implements WorkspaceFields {
  private readonly entries = new Map<string, Entry>();
  private readonly pool = new Map<string, string>();
  private chars = 0;
  private union: Set<string> | undefined;
  private byName: { exact: Map<string, Set<string>>; files: Map<string, Set<string>> } | undefined;
  componentsVersion = 0;

  constructor(private readonly limits: IndexLimits = WORKSPACE_INDEX_LIMITS) {}

  get files(): number {
    return this.entries.size;
  }

  /** The characters of every text indexed (what the ceiling counts). */
  get indexedChars(): number {
    return this.chars;
  }

  has(file: string): boolean {
    return this.entries.has(file);
  }

  /**
   * Indexes a file's content, replacing what it gave before; `type` is what it is (`fileTypeOf`). False when the
   * ceiling leaves no room for it: it is then not indexed (the old entry, if any, is dropped).
   */
  set(file: string, text: string, type: FileType | undefined, doc?: KindDocument): boolean {
    const old = this.entries.get(file);
    const chars = this.chars - (old?.chars ?? 0) + text.length;
    if ((!old && this.entries.size >= this.limits.maxFiles) || chars > this.limits.maxChars) {
      this.delete(file);
      return false;
    }
    const found = type ? fileFields(text, type, doc) : { written: [], components: [] };
    const entry: Entry = {
      written: found.written.map((n) => this.intern(n)),
      components: found.components.map((c) => ({ name: c.name, fields: c.fields.map((f) => this.intern(f)) })),
      chars: text.length,
    };
    this.entries.set(file, entry);
    this.chars = chars;
    this.union = undefined;
    if (old?.components.length || entry.components.length) this.componentsChanged();
    return true;
  }

  delete(file: string): boolean {
    const old = this.entries.get(file);
    if (!old) return false;
    this.entries.delete(file);
    this.chars -= old.chars;
    this.union = undefined;
    if (old.components.length > 0) this.componentsChanged();
    return true;
  }

  /** The files indexed, relative to the folder. */
  indexed(): string[] {
    return [...this.entries.keys()];
  }

  written(): ReadonlySet<string> {
    if (!this.union) {
      this.union = new Set();
      for (const entry of this.entries.values()) for (const name of entry.written) this.union.add(name);
    }
    return this.union;
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

  private componentsChanged(): void {
    this.byName = undefined;
    this.componentsVersion++;
  }

  private intern(name: string): string {
    const known = this.pool.get(name);
    if (known !== undefined) return known;
    if (this.pool.size >= MAX_POOL) this.rebuildPool();
    this.pool.set(name, name);
    return name;
  }

  /** Keeps only the names some file still gives. */
  private rebuildPool(): void {
    this.pool.clear();
    for (const entry of this.entries.values()) {
      for (const n of entry.written) this.pool.set(n, n);
      for (const c of entry.components) for (const f of c.fields) this.pool.set(f, f);
    }
  }
}

/** A file's name without folder and extension (`component/source.json` is `source`). */
function fileStem(file: string): string {
  const base = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** What a file gives the index, read by its kind (`doc`: the file already parsed, when detection did so). */
export function fileFields(text: string, type: FileType, doc?: KindDocument): FileFields {
  const source = doc ?? (type.console ? parseConsole(text, type) : kindNamed(type.kind).parse(text, type, {}));
  const parts = isConsole(source) ? source.parts : [{ kind: kindNamed(source.kind), doc: source }];
  const written = new Set<string>();
  const components: ComponentTemplate[] = [];
  for (const { kind, doc: part } of parts) {
    for (const name of kind.writtenFields?.(part) ?? []) written.add(name);
    components.push(...(kind.componentTemplates?.(part) ?? []));
  }
  return { written: [...written], components };
}
