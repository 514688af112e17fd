// Content recognition of a Beats or Elastic Agent configuration: some `processors:` list (at the root, under an input,
// a module, a fileset or a stream) whose items are mostly Beats processors, or if/then/else items. Ingest pipelines
// have processors of some of the same names with other options (`rename: {field, target_field}`, `script: {lang:
// painless}`) and other keys beside them (`on_failure`): an item whose options are all an ingest processor's, and not
// all the Beats processor's, is not counted, nor one whose listed values are not the Beats option's.
import { loadProcessorTable } from '../../catalog/processors';
import type { ArrayNode } from '../../document/model';
import type { BeatsDocument } from './beatsDocument';
import type { BeatsReading, ProcessorSite } from './beatsReading';

/** Whether a text might be a configuration with processors, before any parse. */
export function mightBeBeats(text: string): boolean {
  return text.includes('processors');
}

export function looksLikeBeats(doc: BeatsDocument): boolean {
  const skeleton = doc.skeleton;
  if (skeleton.root?.kind === 'object' && skeleton.root.properties.some((p) => p.key === 'on_failure')) return false;
  // A large file's units: the first ones tell (each is read for it).
  const sample = doc.units.slice(0, SAMPLE).map((u) => u.unit.reading());
  if (mostlyBeats(sample.length, sample.filter((r) => (r.processors.length > 0 ? beatsItem(r, r.processors[0]) : r.controls.length > 0)).length)) return true;
  return skeleton.lists.some((list) => listLooksLikeBeats(skeleton, list.node));
}

/** Units of a large file read for recognition. */
const SAMPLE = 32;

function mostlyBeats(items: number, known: number): boolean {
  return items > 0 && known * 2 > items;
}

function listLooksLikeBeats(reading: BeatsReading, list: ArrayNode): boolean {
  let known = 0;
  for (const item of list.items) {
    if (item.kind !== 'object') continue;
    if (reading.controls.some((c) => c.holder === item)) {
      known++;
      continue;
    }
    const site = reading.processors.find((s) => s.holder === item);
    if (site && beatsItem(reading, site)) known++;
  }
  return mostlyBeats(list.items.length, known);
}

/** A Beats processor whose listed values are its options', and whose options are its own or at least not an ingest processor's. */
function beatsItem(reading: BeatsReading, site: ProcessorSite): boolean {
  if (!site.spec || site.bare) return false;
  const valuesFit = site.entries.every((e) => {
    const values = e.spec.values;
    if (!values || (e.spec.kind !== 'enum' && e.spec.kind !== 'typeName')) return true;
    return e.value?.kind !== 'string' || values.includes(String(e.value.value));
  });
  if (!valuesFit) return false;
  const within = (span: { start: number; end: number }): boolean => span.start >= site.holder.start && span.end <= site.holder.end;
  if (!reading.unknownOptions.some((u) => within(u.span))) return true;
  const ingest = loadProcessorTable();
  const keys = site.options?.properties.map((p) => p.key) ?? [];
  return !(ingest.get(site.name) && keys.every((key) => ingest.option(site.name, key) !== undefined));
}
