// What the features know of the workspace beyond the file at hand: the fields its event documents and pipelines
// write, and the component templates it holds. Built by the service from the workspace's files
// (service/workspaceIndex.ts); the features only read it, through FeatureEnv.workspace.

/** The workspace's files, as the features read them; plain data, no file system. */
export interface WorkspaceFields {
  /** How many files the index holds (events, pipelines, mappings, console). */
  readonly files: number;
  /** Every field path the workspace's event documents and pipelines write (interned; objects included). */
  written(): ReadonlySet<string>;
  /** The paths a component template of the workspace maps explicitly (`composed_of` names it); undefined when the workspace has none of that name. */
  component(name: string): ReadonlySet<string> | undefined;
  /** Bumped whenever a component template changes: findings that read them are stale. */
  readonly componentsVersion: number;
}
