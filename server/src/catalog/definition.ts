// The shape of one definition file once it has passed schema/definition.schema.json.
import { FieldProperties } from './types';

export interface DefinitionReuse {
  at: string;
  as?: string;
  deprecated?: string;
  beta?: string;
  description?: string;
}

export interface DefinitionField extends FieldProperties {
  /** Name below the set's prefix, dotted for deeper fields. */
  name: string;
  array?: boolean;
}

export interface DefinitionFile {
  fieldset: string;
  title: string;
  description: string;
  prefix?: string;
  defined?: boolean;
  topLevel?: boolean;
  reusedAt?: DefinitionReuse[];
  openNamePattern?: string;
  mentioned?: string[];
  open?: boolean;
  fields?: DefinitionField[];
}

/** Where something was written, for problems that name file, line and path. */
export interface SourceRef {
  file: string;
  line?: number;
  path: string;
}

/** A validated definition file with the way back to its lines. */
export interface LoadedDefinition {
  file: string;
  custom: boolean;
  data: DefinitionFile;
  ref(pointer: string): SourceRef;
}
