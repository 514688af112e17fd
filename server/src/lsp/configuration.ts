// Applies `fieldwise.*` settings and custom definitions to a workspace. Broken definitions never take the server
// down: the user gets one clear message (every file, line and problem) and the last good catalog stays in use.
import type { Catalog } from '../catalog/types';
import { FieldwiseSettings, mergeSettings } from '../service/settings';
import { definitionEntries, loadWorkspaceCatalog } from './customDefinitions';
import type { Workspace } from './workspaces';

export interface ConfigHost {
  /** The raw `fieldwise` section for a workspace folder (or the folderless workspace). */
  fetch(workspace: Workspace): Promise<unknown>;
  showError(message: string): void;
  showInfo(message: string): void;
  log(message: string): void;
}

export class Configurator {
  private readonly loadedEntries = new Map<Workspace, string>();
  private readonly broken = new Set<Workspace>();

  constructor(private readonly host: ConfigHost, private readonly builtin: Catalog) {}

  /** Fetches the workspace's settings and applies them; true when anything the features see changed. */
  async refresh(workspace: Workspace): Promise<boolean> {
    return this.apply(workspace, mergeSettings(await this.host.fetch(workspace)), false);
  }

  /** The definition files changed on disk: load them again. */
  reloadDefinitions(workspace: Workspace): boolean {
    return this.apply(workspace, workspace.settings, true);
  }

  entries(workspace: Workspace): string[] {
    return definitionEntries(workspace, workspace.settings);
  }

  private apply(workspace: Workspace, settings: FieldwiseSettings, reload: boolean): boolean {
    const entries = definitionEntries(workspace, settings);
    const key = JSON.stringify(entries);
    const sameSettings = JSON.stringify(settings) === JSON.stringify(workspace.settings);
    let catalog: Catalog = workspace.lastGood;
    if (reload || this.loadedEntries.get(workspace) !== key) {
      const load = loadWorkspaceCatalog(entries, workspace.folder?.path, this.builtin);
      const where = workspace.folder ? `of ${workspace.folder.name}` : 'for files outside the workspace';
      if (load.ok) {
        catalog = load.catalog;
        this.loadedEntries.set(workspace, key);
        if (this.broken.delete(workspace)) {
          this.host.showInfo(`Fieldwise: the custom field definitions ${where} load again (${catalog.customFieldCount} custom fields).`);
        }
      } else {
        const keeping = workspace.lastGood.customFieldCount > 0
          ? `keeping the last definitions that loaded (${workspace.lastGood.customFieldCount} custom fields)`
          : 'using the built-in fields only';
        const message = `Fieldwise: the custom field definitions ${where} have problems; ${keeping} until they are fixed:\n${load.message}`;
        this.broken.add(workspace);
        this.host.showError(message);
        this.host.log(message);
      }
    }
    if (catalog === workspace.lastGood && sameSettings && workspace.generation > 0) return false;
    workspace.apply(catalog, settings);
    return true;
  }

  forget(workspace: Workspace): void {
    this.loadedEntries.delete(workspace);
    this.broken.delete(workspace);
  }
}
