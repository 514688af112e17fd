// Merges definition files into field sets: built-in first, then custom files that add sets or extend one.
import { DefinitionField, DefinitionFile, DefinitionReuse, LoadedDefinition, SourceRef } from './definition';
import { DefinitionProblem } from './types';
import { toPointer } from './yamlSource';

export interface SetField {
  def: DefinitionField;
  file: string;
  custom: boolean;
  ref: SourceRef;
}

export interface SetReuse {
  def: DefinitionReuse;
  ref: SourceRef;
}

export interface MergedSet {
  name: string;
  title: string;
  description: string;
  /** Root path when top-level (`host`, '' for base); undefined for nested-only sets. */
  prefix?: string;
  defined: boolean;
  topLevel: boolean;
  open: boolean;
  openNamePattern?: string;
  mentioned: string[];
  file: string;
  custom: boolean;
  fields: SetField[];
  reuses: SetReuse[];
  ref: SourceRef;
}

/** Set-level properties an extending file may repeat but not change. */
const FIXED_PROPERTIES = ['prefix', 'defined', 'topLevel', 'open', 'openNamePattern'] as const;

export function mergeDefinitions(definitions: readonly LoadedDefinition[]): { sets: MergedSet[]; problems: DefinitionProblem[] } {
  const sets = new Map<string, MergedSet>();
  const origins = new Map<string, LoadedDefinition>();
  const problems: DefinitionProblem[] = [];
  for (const definition of definitions) {
    const data = definition.data;
    const existing = sets.get(data.fieldset);
    if (!existing) {
      sets.set(data.fieldset, newSet(definition));
      origins.set(data.fieldset, definition);
      continue;
    }
    const first = origins.get(data.fieldset) as LoadedDefinition;
    if (!definition.custom) {
      problems.push({ ...definition.ref('/fieldset'), message: `field set '${data.fieldset}' is already defined in ${first.file}` });
      continue;
    }
    problems.push(...fixedPropertyProblems(definition, first));
    addContent(existing, definition, problems);
  }
  return { sets: [...sets.values()], problems };
}

function newSet(definition: LoadedDefinition): MergedSet {
  const data = definition.data;
  const topLevel = data.topLevel ?? true;
  const set: MergedSet = {
    name: data.fieldset,
    title: data.title,
    description: data.description,
    prefix: topLevel ? data.prefix ?? data.fieldset : undefined,
    defined: data.defined ?? true,
    topLevel,
    open: data.open ?? false,
    openNamePattern: data.openNamePattern,
    mentioned: data.mentioned ?? [],
    file: definition.file,
    custom: definition.custom,
    fields: [],
    reuses: [],
    ref: definition.ref('/fieldset'),
  };
  addContent(set, definition, []);
  return set;
}

/** Appends a file's fields and reuses; a field name the set already has is a redefinition naming both files. */
function addContent(set: MergedSet, definition: LoadedDefinition, problems: DefinitionProblem[]): void {
  const byName = new Map(set.fields.map((f) => [f.def.name, f]));
  (definition.data.fields ?? []).forEach((def, index) => {
    const ref = definition.ref(toPointer(['fields', index]));
    const earlier = byName.get(def.name);
    if (earlier) {
      // The same name twice in one file was reported by checkDefinition already.
      if (earlier.file !== definition.file) {
        const where = `${earlier.file}${earlier.ref.line ? `:${earlier.ref.line}` : ''}`;
        problems.push({ ...definition.ref(`${ref.path}/name`), message: `redefines field '${qualified(set, def.name)}' of field set '${set.name}', already defined in ${where}` });
      }
      return;
    }
    const field: SetField = { def, file: definition.file, custom: definition.custom, ref };
    set.fields.push(field);
    byName.set(def.name, field);
  });
  (definition.data.reusedAt ?? []).forEach((def, index) => {
    set.reuses.push({ def, ref: definition.ref(toPointer(['reusedAt', index])) });
  });
}

function qualified(set: MergedSet, name: string): string {
  return set.prefix ? `${set.prefix}.${name}` : name;
}

function fixedPropertyProblems(definition: LoadedDefinition, first: LoadedDefinition): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const key of FIXED_PROPERTIES) {
    const value = definition.data[key];
    if (value !== undefined && value !== effective(first.data, key)) {
      problems.push({
        ...definition.ref(`/${key}`),
        message: `cannot change ${key} of field set '${definition.data.fieldset}' (defined in ${first.file}): ${JSON.stringify(value)} differs from ${JSON.stringify(effective(first.data, key))}`,
      });
    }
  }
  return problems;
}

function effective(data: DefinitionFile, key: (typeof FIXED_PROPERTIES)[number]): unknown {
  switch (key) {
    case 'prefix': return data.prefix ?? data.fieldset;
    case 'defined': return data.defined ?? true;
    case 'topLevel': return data.topLevel ?? true;
    case 'open': return data.open ?? false;
    default: return data[key];
  }
}
