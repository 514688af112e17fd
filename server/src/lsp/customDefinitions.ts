// Custom field definitions of a workspace folder: which files, and the catalog they make with the built-in ones.
import { isAbsolute } from 'node:path';
import { DefinitionError, loadCatalog, workspaceDefinitions } from '../catalog';
import type { Catalog } from '../catalog/types';
import { defaultSettings, FieldwiseSettings } from '../service/settings';
import type { Workspace } from './workspaces';

export type CatalogLoad = { ok: true; catalog: Catalog } | { ok: false; message: string };

/**
 * The definitions entries that apply: the configured ones, relative to the folder; the default `.fieldwise/*.yml`
 * only when that folder exists (a workspace without custom definitions is not an error). Folderless files take
 * absolute entries only.
 */
export function definitionEntries(workspace: Workspace, settings: FieldwiseSettings): string[] {
  const configured = settings.schema.definitions;
  if (!workspace.folder) return configured.filter((entry) => isAbsolute(entry));
  const isDefault = JSON.stringify(configured) === JSON.stringify(defaultSettings.schema.definitions);
  return isDefault ? workspaceDefinitions(workspace.folder.path) : configured;
}

/** Loads the catalog for `entries`; problems come back as one message naming every file, line and path. */
export function loadWorkspaceCatalog(entries: readonly string[], cwd: string | undefined, builtin: Catalog): CatalogLoad {
  if (entries.length === 0) return { ok: true, catalog: builtin };
  try {
    return { ok: true, catalog: loadCatalog({ definitions: [...entries], cwd }) };
  } catch (error) {
    const detail = error instanceof DefinitionError ? error.message : error instanceof Error ? error.message : String(error);
    return { ok: false, message: detail };
  }
}
