// Applies `fieldwise.*` settings, the project configuration (.fieldwise/config.yml, which `fieldwise check` reads too)
// and custom definitions to a workspace. A broken configuration or broken definitions never take the server down: the
// user gets one clear message (every file, line and problem) and the last good one stays in use.
import type { Catalog } from '../catalog/types';
import { ProjectConfig, readProjectConfig } from '../service/projectConfig';
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
  /** The editor's settings as last fetched, merged again over the project configuration when that changes. */
  private readonly editor = new Map<Workspace, unknown>();
  /** The last project configuration that loaded, and the problem of one that did not (said once). */
  private readonly projects = new Map<Workspace, ProjectConfig | undefined>();
  private readonly projectProblems = new Map<Workspace, string>();

  constructor(private readonly host: ConfigHost, private readonly builtin: Catalog) {}

  /** Fetches the workspace's settings and applies them; true when anything the features see changed. */
  async refresh(workspace: Workspace): Promise<boolean> {
    const raw = await this.host.fetch(workspace);
    this.editor.set(workspace, raw);
    return this.apply(workspace, mergeSettings(raw, this.project(workspace)), false);
  }

  /** The definition files or the project configuration changed on disk: read them again. */
  reloadDefinitions(workspace: Workspace): boolean {
    return this.apply(workspace, mergeSettings(this.editor.get(workspace), this.project(workspace)), true);
  }

  /** The folder's project configuration, or the last one that loaded while it has problems (said once per problem). */
  private project(workspace: Workspace): ProjectConfig | undefined {
    if (!workspace.folder) return undefined;
    const load = readProjectConfig(workspace.folder.path);
    if (load.ok) {
      this.projects.set(workspace, load.config);
      if (this.projectProblems.delete(workspace) && load.config) this.host.showInfo(`Fieldwise: the project configuration ${load.config.file} loads again.`);
      return load.config;
    }
    if (this.projectProblems.get(workspace) !== load.message) {
      this.projectProblems.set(workspace, load.message);
      const keeping = this.projects.get(workspace) ? 'keeping the last one that loaded' : 'using the editor settings alone';
      const message = `Fieldwise: ${load.message}\n(${keeping} until it is fixed)`;
      this.host.showError(message);
      this.host.log(message);
    }
    return this.projects.get(workspace);
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
    this.editor.delete(workspace);
    this.projects.delete(workspace);
    this.projectProblems.delete(workspace);
  }
}
