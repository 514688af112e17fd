// What every feature knows besides the event: the catalog, the file's format and the settings that apply to it.
import type { Catalog } from '../catalog/types';
import type { DocumentFormat } from '../document/model';
import type { FeatureCaches } from './featureCaches';
import type { FolderFiles } from './folderFiles';
import type { FieldwiseSettings } from './settings';
import type { WorkspaceFields } from './workspaceFields';

export interface FeatureEnv {
  catalog: Catalog;
  format: DocumentFormat;
  settings: FieldwiseSettings;
  /** The file's path relative to its workspace folder (for globs), or its absolute path. */
  file: string;
  /** Dotted keys are the file's intended style (fieldwise.events.allowDottedKeys matched it). */
  dottedKeys: boolean;
  /** The serving LanguageService's caches (features keep no per-document state of their own). */
  caches: FeatureCaches;
  /** The workspace's other files (written fields, component templates); undefined outside a language server's workspace. */
  workspace?: WorkspaceFields;
  /** The files beside this one, as the host reads them; undefined when the host gives none (a file on its own). */
  folder?: FolderFiles;
}
