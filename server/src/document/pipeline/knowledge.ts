// What the pipeline adapter and the pipeline features know of ingest processors: the processor table of
// schema/ingest, seen through the questions they ask (which options name fields, which take templates, ...).

/** What an option holds, as far as field references go. */
export type OptionUse =
  | 'field' | 'fields' | 'fieldMap' | 'template' | 'value' | 'grok' | 'grokDefinitions' | 'dissect' | 'script' | 'processors' | 'processor' | 'other';

export interface OptionInfo {
  name: string;
  use: OptionUse;
  /** For field options: whether the processor reads, writes or removes the field. */
  access: 'read' | 'write' | 'remove';
  required: boolean;
  /** The option's value may hold mustache templates. */
  template: boolean;
  description: string;
  /** For enumerations: the values Elasticsearch takes (`convert.type`). */
  values?: readonly string[];
  default?: unknown;
  /** The JSON kind of the value Elasticsearch expects, when one. */
  valueKind?: 'string' | 'boolean' | 'number' | 'array' | 'object';
}

export interface ProcessorInfo {
  name: string;
  description: string;
  /** Its own options; the common ones (`if`, `tag`, ...) are in `PipelineKnowledge.common`. */
  options: readonly OptionInfo[];
  /** The fields it writes when none of `unless` is given (`user_agent` writes `user_agent`). */
  defaultWrites: readonly { path: string; unless: readonly string[] }[];
}

export interface PipelineKnowledge {
  processors(): readonly ProcessorInfo[];
  processor(name: string): ProcessorInfo | undefined;
  /** Options every processor takes (`if`, `tag`, `description`, `ignore_failure`, `on_failure`). */
  readonly common: readonly OptionInfo[];
  /** An option of a processor, the common options included; undefined for an unknown processor or option. */
  option(processor: string, option: string): OptionInfo | undefined;
  defaultWrites(processor: string): ProcessorInfo['defaultWrites'];
}
