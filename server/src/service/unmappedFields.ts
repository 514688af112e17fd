// The fields nothing maps (docs/workspace.md): in an integration package, a field that a data stream's pipeline writes
// or its sample events and expected outputs carry, and that the package does not declare (no field file of the data
// stream, no template of the package or data stream, no schema import in `_dev/build/build.yml`, no custom definition),
// is `unmapped-field` where it is written; its fix adds the definition to the data stream's field file, written by that
// file's kind (`declare`) in the file's own layout. The reverse, a declared field nothing in the data stream writes or
// carries, is `unwritten-field`, off unless its severity is set. Both read the workspace index; neither knows a kind.
import type { Catalog } from '../catalog/types';
import type { FieldDeclaration, WorkspaceRef } from '../kinds/kind';
import type { FileEdits, FwDiagnostic, QuickFix, RuleInfo, Severity } from '../features/types';
import type { FieldwiseSettings } from '../features/settings';
import { disabledCodes } from '../features/fileSettings';
import { isInside, PackageLayout, PackagePlace } from './packageLayout';
import { DECLARES, WorkspaceIndex } from './workspaceIndex';

export const unmappedField: RuleInfo = {
  code: 'unmapped-field',
  defaultSeverity: 'warning',
  title: 'Field no definition maps',
  spec: "A data stream's fields are declared by its field files, its package's templates or the schema's imported mappings; a field written or carried that none declares is mapped dynamically, or rejected.",
  specSource: "Fieldwise's own: the integration package layout (manifest.yml, data_stream/<name>/fields/*.yml, elasticsearch/, _dev/build/build.yml)",
};

export const unwrittenField: RuleInfo = {
  code: 'unwritten-field',
  defaultSeverity: 'hint',
  title: 'Declared field nothing writes',
  spec: "A field a data stream declares that none of its pipelines writes and none of its sample events or expected outputs carries may be left over. Off unless its severity is set (fieldwise.diagnostics.severity).",
  specSource: "Fieldwise's own: the integration package layout",
};

/** The declarations that cover a data stream: by path, whether some declared path lies below it (a group, not a leaf). */
interface Declared {
  paths: Set<string>;
  parents: Set<string>;
  /** Every path the scope's files write or carry. */
  written: Set<string>;
}

/** Where the package's declarations and writes are read: the data stream (an input package: the package) and the package's own templates. */
function scopeOf(place: PackagePlace): string {
  return place.dataStream ?? place.root;
}

/** The index's declarations for one scope, made again when the index's declarations change. */
export class PackageDeclarations {
  private readonly memo = new Map<string, { version: number; declared: Declared }>();

  constructor(private readonly index: WorkspaceIndex, private readonly packages: PackageLayout) {}

  of(place: PackagePlace): Declared {
    const scope = scopeOf(place);
    const version = this.index.version + this.packages.version * 1_000_003;
    const known = this.memo.get(scope);
    if (known && known.version === version) return known.declared;
    const declared: Declared = { paths: new Set(), parents: new Set(), written: new Set() };
    const templates = place.root === '' ? 'elasticsearch' : `${place.root}/elasticsearch`;
    for (const file of this.index.indexed()) {
      const inScope = isInside(file, scope);
      if (!inScope && !isInside(file, templates)) continue;
      for (const ref of this.index.refsOf(file)) {
        if (DECLARES.has(ref.use) && (inScope || ref.use === 'map')) {
          declared.paths.add(ref.path);
          for (let dot = ref.path.lastIndexOf('.'); dot > 0; dot = ref.path.lastIndexOf('.', dot - 1)) declared.parents.add(ref.path.slice(0, dot));
        } else if (inScope && (ref.use === 'write' || ref.use === 'carry')) {
          declared.written.add(ref.path);
        }
      }
    }
    if (this.memo.size > 64) this.memo.clear();
    this.memo.set(scope, { version, declared });
    return declared;
  }
}

/** Whether the package declares a path: itself, a declared leaf above it (an object, a flattened field), a schema import, a custom definition. */
function isDeclared(path: string, declared: Declared, place: PackagePlace, catalog: Catalog): boolean {
  if (declared.paths.has(path)) return true;
  for (let dot = path.lastIndexOf('.'); dot > 0; dot = path.lastIndexOf('.', dot - 1)) {
    const above = path.slice(0, dot);
    if (declared.paths.has(above) && !declared.parents.has(above)) return true;
  }
  const field = catalog.lookup(path);
  if (field?.origin.custom) return true;
  if (place.importsSchema && (field || catalog.resolve(path.split('.')).kind === 'open')) return true;
  return false;
}

/** What the two rules read of the document at hand. */
export interface UnmappedInput {
  file: string;
  refs: readonly WorkspaceRef[];
  settings: FieldwiseSettings;
  catalog: Catalog;
  index: WorkspaceIndex;
  packages: PackageLayout;
  declarations: PackageDeclarations;
}

/** The findings of both rules on a document, the settings applied; none outside a package or before the index is complete. */
export function unmappedFindings(input: UnmappedInput): FwDiagnostic[] {
  const { file, refs, settings, catalog, index } = input;
  if (!index.complete) return [];
  const place = input.packages.placeOf(file);
  if (!place) return [];
  const off = disabledCodes(settings, file);
  if (off.has('*')) return [];
  const severity = (rule: RuleInfo): Severity | undefined => {
    const set = settings.diagnostics.severity[rule.code];
    if (off.has(rule.code) || set === 'off') return undefined;
    if (rule === unwrittenField && set === undefined) return undefined;
    return set ?? rule.defaultSeverity;
  };
  const declared = input.declarations.of(place);
  const out: FwDiagnostic[] = [];
  const unmapped = severity(unmappedField);
  if (unmapped) {
    const removed = refs.filter((r) => r.removes).map((r) => r.path);
    const gone = (path: string): boolean => removed.some((r) => path === r || path.startsWith(`${r}.`));
    for (const ref of refs) {
      if ((ref.use !== 'write' && ref.use !== 'carry') || ref.object || ref.removes || ref.start === ref.end) continue;
      if (gone(ref.path) || isDeclared(ref.path, declared, place, catalog)) continue;
      const where = place.dataStream ? `data stream ${place.dataStream.slice(place.dataStream.lastIndexOf('/') + 1)}` : 'package';
      out.push({
        code: unmappedField.code,
        severity: unmapped,
        message: `${ref.path} is ${ref.use === 'carry' ? 'carried' : 'written'} here, but package ${place.name} does not declare it: no field file of the ${where}, ` +
          'no template of the package and no schema import maps it, so Elasticsearch maps it dynamically (or rejects it).',
        start: ref.start,
        end: ref.end,
        data: { path: ref.path },
      });
    }
  }
  const unwritten = severity(unwrittenField);
  if (unwritten) {
    for (const ref of refs) {
      if (ref.use !== 'define' || ref.object || declared.written.has(ref.path)) continue;
      if ([...declared.written].some((w) => w.startsWith(`${ref.path}.`))) continue;
      out.push({
        code: unwrittenField.code,
        severity: unwritten,
        message: `${ref.path} is declared here, but nothing in the ${place.dataStream ? 'data stream' : 'package'} writes or carries it (no pipeline, sample event or expected output).`,
        start: ref.start,
        end: ref.end,
        data: { path: ref.path },
      });
    }
  }
  return out;
}

/** How the fix reads and writes the data stream's field files: by the service, which knows the kinds. */
export interface DeclarationWriter {
  /** The field files of a folder (`<data stream>/fields/`), as the index holds them. */
  fieldFiles(folder: string): string[];
  /** The edits declaring `fields` in a file (offsets of `text`); undefined when its kind cannot take them. */
  declareIn(file: string, text: string, fields: readonly FieldDeclaration[]): FileEdits | undefined;
  read(file: string): string | undefined;
}

/** Elastic's convention: schema fields in `ecs.yml` (often as `external: ecs`), the package's own in `fields.yml`. */
const SCHEMA_FILE = 'ecs.yml';
const OWN_FILE = 'fields.yml';

/** The fix of each unmapped-field diagnostic in `shown` that touches `range`: the field's definition added to a field file of the data stream. */
export function unmappedFixes(shown: readonly FwDiagnostic[], range: { start: number; end: number }, place: PackagePlace | undefined, catalog: Catalog, writer: DeclarationWriter): QuickFix[] {
  if (!place) return [];
  const out: QuickFix[] = [];
  const folder = `${scopeOf(place)}/fields`.replace(/^\//, '');
  for (const d of shown) {
    if (d.code !== unmappedField.code || d.end < range.start || d.start > range.end) continue;
    const path = (d.data as { path?: unknown } | undefined)?.path;
    if (typeof path !== 'string') continue;
    const declaration = declarationOf(path, catalog);
    const files = writer.fieldFiles(folder);
    const byName = (name: string): string | undefined => files.find((f) => f.endsWith(`/${name}`));
    const target = (declaration.schema ? byName(SCHEMA_FILE) ?? byName(OWN_FILE) : byName(OWN_FILE) ?? files.find((f) => !f.endsWith(`/${SCHEMA_FILE}`))) ?? files[0];
    let edits: FileEdits | undefined;
    if (target) {
      const text = writer.read(target);
      edits = text === undefined ? undefined : writer.declareIn(target, text, [declaration]);
    } else {
      const created = writer.declareIn(`${folder}/${OWN_FILE}`, '', [declaration]);
      edits = created && { ...created, create: true };
    }
    if (!edits) continue;
    out.push({ title: `Declare ${path} in ${edits.file}`, code: unmappedField.code, kind: 'quickfix', edits: [], elsewhere: [edits], diagnostic: d, isPreferred: true });
  }
  return out;
}

/** A path's declaration: the schema's type and level where it has one, else `keyword` with a description to fill in. */
export function declarationOf(path: string, catalog: Catalog): FieldDeclaration {
  const field = catalog.lookup(path);
  if (field && !field.origin.custom) {
    return { path, type: field.type, level: field.level, description: firstSentence(field.description), schema: true };
  }
  return { path, type: 'keyword', description: `TODO: describe ${path}.`, schema: false };
}

function firstSentence(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const end = line.search(/\.(\s|$)/);
  return end < 0 ? line : line.slice(0, end + 1);
}
