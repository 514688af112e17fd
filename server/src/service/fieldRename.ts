// Renaming a custom field across the workspace: refused at prepareRename for a field the schema defines (renaming it
// would leave the schema), else every file that names the field or a field below it is read, parsed by its kind and
// rewritten by the kind's own `rename` (each spelling in its own syntax), all in one answer; one file that cannot be
// rewritten refuses the whole rename, naming the file and why.
import type { Catalog } from '../catalog/types';
import type { WorkspaceRef } from '../kinds/kind';
import type { WorkspaceRename } from '../features/types';
import { refAt } from './fieldReferences';
import { positionIndex } from './positions';
import type { WorkspaceIndex } from './workspaceIndex';

/** Why a rename cannot be made: said to the user as it is. */
export class RenameRefused extends Error {}

/**
 * What prepareRename answers: the span of the name at the offset and the field's whole path (what the user edits: the
 * new name is always a whole path, so a nested key can move below other parents), or why it cannot be renamed.
 */
export type PrepareAnswer = { start: number; end: number; placeholder: string } | { refused: string };

/** A field name's characters: no spaces, quotes or brackets (a name is written unquoted in every kind). */
const NAME = /^[^\s"'`{}[\]()%:,]+$/;

/** Whether the field at `offset` may be renamed, and the span the editor lets the user type over. */
export function prepareRename(refs: readonly WorkspaceRef[], text: string, offset: number, catalog: Catalog): PrepareAnswer {
  const at = refAt(refs, offset);
  if (!at) return { refused: 'No field name here: rename a field where a file names it (a key, a processor option, a pattern, a definition).' };
  const refused = schemaRefusal(at.path, catalog);
  if (refused) return { refused };
  void text;
  return { start: at.start, end: at.end, placeholder: at.path };
}

/** Why a path cannot be renamed: the schema defines it (or a custom definition does, outside the workspace's files). */
export function schemaRefusal(path: string, catalog: Catalog): string | undefined {
  const field = catalog.lookup(path);
  if (field?.origin.custom) {
    return `${path} is defined by the custom definitions in ${field.origin.file}: rename it there first, then rename the files that use it.`;
  }
  const resolution = catalog.resolve(path.split('.'));
  if (field || resolution.kind === 'object') {
    return `${path} is a field of the schema: renaming it would leave the schema. To move a value to another schema field, use the unknown-field fix where the name is wrong.`;
  }
  return undefined;
}

/** The new path the name typed makes: a whole dotted path, as prepareRename offers the old one. */
export function newPathOf(newName: string): string[] {
  const name = newName.trim();
  if (name === '' || !NAME.test(name) || name.split('.').some((n) => n === '')) {
    throw new RenameRefused(`'${newName}' is not a field name: give dot-separated names without spaces, quotes or brackets.`);
  }
  return name.split('.');
}

/** How the service renames one file: read, parsed by its kind, rewritten; a refusal says why. */
export interface FileRenamer {
  /** The edits (offsets of `text`) renaming `from` to `to` in `file`, or why they cannot be made; undefined when the file is not one Fieldwise reads. */
  (file: string, text: string, from: readonly string[], to: readonly string[]): { edits: Array<{ start: number; end: number; newText: string }> } | { refused: string } | undefined;
}

/**
 * The workspace's edits renaming the field at `offset` to `newName`: this document's, and every other file's that
 * names the field or a field below it (the index says which), each read with `read` and rewritten by its kind.
 */
export function renameField(
  refs: readonly WorkspaceRef[], file: string, text: string, offset: number, newName: string, catalog: Catalog, index: WorkspaceIndex,
  read: (file: string) => string | undefined, renameIn: FileRenamer,
): WorkspaceRename {
  const at = refAt(refs, offset);
  if (!at) throw new RenameRefused('No field name here.');
  const refused = schemaRefusal(at.path, catalog);
  if (refused) throw new RenameRefused(refused);
  const from = at.path.split('.');
  const to = newPathOf(newName);
  const files = new Set<string>([file]);
  for (const name of index.namesBelow(at.path)) for (const f of index.filesNaming(name)) files.add(f);
  const out: WorkspaceRename = { files: [] };
  for (const f of files) {
    const content = f === file ? text : read(f);
    if (content === undefined) throw new RenameRefused(`${f} names ${at.path} but cannot be read: nothing was renamed.`);
    const answer = renameIn(f, content, from, to);
    if (!answer) continue;
    if ('refused' in answer) throw new RenameRefused(`${f}: ${answer.refused}. Nothing was renamed.`);
    if (answer.edits.length === 0) continue;
    const positions = positionIndex(content);
    out.files.push({ file: f, edits: answer.edits.map((e) => ({ range: positions.range(e), newText: e.newText })) });
  }
  return out;
}
