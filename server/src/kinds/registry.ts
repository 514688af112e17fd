// Every file kind, in the order recognition asks them: the one list of kinds. A new kind is a folder beside these
// and a line here (docs/architecture.md, "How to add a file kind").
import type { KindName } from '../document/fileType';
import { beatsKind } from './beats/beatsKind';
import { eventsKind } from './events/eventsKind';
import { fieldDefinitionsKind } from './fieldDefinitions/fieldDefinitionsKind';
import type { FileKind } from './kind';
import { logstashKind } from './logstash/logstashKind';
import { mappingKind } from './mappings/mappingKind';
import { pipelineKind } from './pipelines/pipelineKind';

// Beats configurations come first: their globs win over the others' (an ingest pipeline's among them), and their
// recognition (a `processors:` list of Beats processors) takes no event document, pipeline or mapping.
export const kinds: readonly FileKind[] = [beatsKind, eventsKind, pipelineKind, fieldDefinitionsKind, mappingKind, logstashKind];

const byName = new Map<KindName, FileKind>(kinds.map((k) => [k.name, k]));

/** The kind of a name; a name no kind has is a programming error, said with the names there are. */
export function kindNamed(name: KindName): FileKind {
  const kind = byName.get(name);
  if (!kind) throw new Error(`No file kind '${name}' (kinds/registry.ts has ${kinds.map((k) => k.name).join(', ')})`);
  return kind;
}

/** The glob settings of the kinds (`fieldwise.files.<setting>`) with their defaults, in the registry's order. */
export function fileGlobDefaults(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const kind of kinds) if (kind.files.defaults && !(kind.files.setting in out)) out[kind.files.setting] = [...kind.files.defaults];
  return out;
}
