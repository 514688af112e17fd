// One field, every file: the reference at an offset, find references, go to definition (the workspace's nearest
// declaration, a custom definition, else the schema's page of the field), the pages a link names, workspace symbols and
// the code lens above a declared field. Everything is read off the kinds' references (kinds/kind.ts `references`) of
// the document at hand and the workspace index's rows of every other file; no kind is known by name here.
import type { Catalog } from '../catalog/types';
import type { FileLink, WorkspaceRef } from '../kinds/kind';
import { kindNamed } from '../kinds/registry';
import type { FieldLens, FileRange, PlaceRange, WorkspaceSymbolEntry } from '../features/types';
import type { PackageLayout } from './packageLayout';
import { positionIndex } from './positions';
import { DECLARES, IndexedRef, WorkspaceIndex } from './workspaceIndex';

/** What these features read: the index, the package layout, the catalog, and the document at hand's own references and links. */
export interface WorkspaceView {
  index: WorkspaceIndex;
  packages: PackageLayout;
  catalog: Catalog;
  /** The document at hand: its file, text, references and links (every part of console text). */
  file: string;
  text: string;
  refs: readonly WorkspaceRef[];
  links: readonly FileLink[];
  /** Reads another file's text (an open document's, else the disk's); undefined when it cannot be read. */
  read?: (file: string) => string | undefined;
}

/** The reference at an offset: the innermost one whose name holds it. */
export function refAt(refs: readonly WorkspaceRef[], offset: number): WorkspaceRef | undefined {
  let best: WorkspaceRef | undefined;
  for (const ref of refs) {
    if (ref.start > offset || offset > ref.end) continue;
    if (!best || ref.end - ref.start < best.end - best.start) best = ref;
  }
  return best;
}

/** Every place in the workspace that names the field at `offset` (this document's own places from its current text). */
export function referencesAt(view: WorkspaceView, offset: number, includeDeclarations: boolean): FileRange[] | undefined {
  const at = refAt(view.refs, offset);
  if (!at) return undefined;
  const keep = (use: string): boolean => includeDeclarations || !DECLARES.has(use as IndexedRef['use']);
  const positions = positionIndex(view.text);
  const own = view.refs.filter((r) => r.path === at.path && keep(r.use)).map((r) => ({ file: view.file, range: positions.range(r) }));
  const others = view.index.places(at.path, view.file, includeDeclarations);
  // A place both read and written (a processor's field changed in place) is listed once.
  const seen = new Set<string>();
  return [...own, ...others].filter((p) => {
    const key = `${p.file}:${p.range.start.line}:${p.range.start.character}:${p.range.end.line}:${p.range.end.character}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** How near another file is to this one: the same data stream, the same package, anywhere. */
function nearness(view: WorkspaceView, file: string): number {
  const here = view.packages.placeOf(view.file);
  if (!here) return 2;
  const there = view.packages.placeOf(file);
  if (!there || there.root !== here.root) return 2;
  return here.dataStream !== undefined && there.dataStream === here.dataStream ? 0 : 1;
}

/**
 * Where the field at `offset` is declared: the workspace's declarations nearest to this file (the same data stream,
 * then the same package, then anywhere), else a custom definition's file, else the schema's page of the field; for a
 * link (a `pipeline` processor's name), the nearest file that answers to it.
 */
export function definitionAt(view: WorkspaceView, offset: number): FileRange[] | undefined {
  const link = view.links.find((l) => l.start <= offset && offset <= l.end);
  if (link) {
    const files = view.index.answering(link.namespace, link.name).filter((f) => f !== view.file);
    return nearestFirst(view, files.map((file) => ({ file, range: START })));
  }
  const at = refAt(view.refs, offset);
  if (!at) return undefined;
  const positions = positionIndex(view.text);
  const own = view.refs.filter((r) => r.path === at.path && DECLARES.has(r.use)).map((r) => ({ file: view.file, range: positions.range(r) }));
  const declared = [...own, ...view.index.uses(at.path, (f) => f !== view.file).filter((r) => DECLARES.has(r.use)).map((r) => ({ file: r.file, range: r.range }))];
  if (declared.length > 0) return nearestFirst(view, declared);
  const field = view.catalog.lookup(at.path);
  if (field?.origin.custom) return [{ file: field.origin.file, range: definitionLine(view, field.origin.file, at.path) }];
  const resolution = view.catalog.resolve(at.path.split('.'));
  if (field || resolution.kind === 'object') return [{ file: '', range: START, schemaPage: at.path }];
  return [];
}

/** The nearest tier only: a field declared in the data stream's own field file need not list every package's. */
function nearestFirst(view: WorkspaceView, found: FileRange[]): FileRange[] {
  if (found.length === 0) return found;
  const scored = found.map((f) => ({ f, score: nearness(view, f.file) }));
  const best = Math.min(...scored.map((s) => s.score));
  return scored.filter((s) => s.score === best).map((s) => s.f);
}

const START: PlaceRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The line of a custom definition's `name:` entry for the path (its last names, as the set writes them below its placement). */
function definitionLine(view: WorkspaceView, file: string, path: string): PlaceRange {
  const text = view.read?.(file);
  if (text === undefined) return START;
  const names = path.split('.');
  for (let from = 0; from < names.length; from++) {
    const name = names.slice(from).join('.').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const match = new RegExp(`^([ \\t]*-?[ \\t]*name:[ \\t]*["']?)${name}["']?[ \\t]*$`, 'm').exec(text);
    if (match) {
      const at = match.index + match[1].length;
      return positionIndex(text).range({ start: at, end: at + names.slice(from).join('.').length });
    }
  }
  return START;
}

/** The workspace symbol search: the fields the workspace declares, writes or carries, and every processor tag. */
export function workspaceSymbols(index: WorkspaceIndex, query: string, max: number): WorkspaceSymbolEntry[] {
  const fields = index.fieldSymbols(query, max).map((r): WorkspaceSymbolEntry => ({
    name: r.path,
    kind: r.object ? 'namespace' : 'field',
    detail: DECLARES.has(r.use) ? `${r.use === 'map' ? 'mapped' : 'defined'} in ${r.file}` : `${r.use === 'carry' ? 'carried' : 'written'} in ${r.file}`,
    at: { file: r.file, range: r.range },
  }));
  const tags = index.tags(query, Math.max(0, max - fields.length)).map((t): WorkspaceSymbolEntry => ({ name: t.name, kind: 'function', detail: `${t.detail} tag in ${t.file}`, at: { file: t.file, range: t.range } }));
  return [...fields, ...tags];
}

/**
 * A lens above each field the document declares (a field definition file, a mapping): how many files write it and
 * how many carry it, by their kinds' nouns, within the package when the file is in one (else the workspace).
 */
export function fieldLenses(view: WorkspaceView): FieldLens[] {
  const place = view.packages.placeOf(view.file);
  const inScope = (file: string): boolean => file !== view.file && (!place || file === place.root || file.startsWith(place.root === '' ? '' : `${place.root}/`));
  const out: FieldLens[] = [];
  const seen = new Set<string>();
  for (const ref of view.refs) {
    if (!DECLARES.has(ref.use) || ref.object || seen.has(`${ref.path}@${ref.start}`)) continue;
    seen.add(`${ref.path}@${ref.start}`);
    const writers = new Map<string, Set<string>>();
    const carriers = new Map<string, Set<string>>();
    for (const use of view.index.uses(ref.path, inScope)) {
      const into = use.use === 'write' ? writers : use.use === 'carry' ? carriers : undefined;
      if (!into) continue;
      const kind = view.index.kindOf(use.file);
      const noun = kind === undefined ? 'file' : kindNamed(kind).noun;
      let files = into.get(noun);
      if (!files) into.set(noun, (files = new Set()));
      files.add(use.file);
    }
    out.push({ start: ref.start, end: ref.end, path: ref.path, title: `${counted('written by', writers)} · ${counted('in', carriers)}` });
  }
  return out;
}

/** "written by 2 pipeline files", "in 1 event document", "written by no file". */
function counted(what: string, byNoun: Map<string, Set<string>>): string {
  if (byNoun.size === 0) return `${what} no file`;
  return `${what} ${[...byNoun].map(([noun, files]) => `${files.size} ${noun}${files.size === 1 ? '' : 's'}`).join(', ')}`;
}
