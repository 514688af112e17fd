// A `when` (or an if/then/else's `if`) condition: its keys name conditions (schema/beats/processors.yml); under
// `equals`, `contains`, `regexp`, `network` and `range` the keys are field names read (a nested map continues the
// path; range's keys may end in `.gte`, `.gt`, `.lte`, `.lt`), `has_fields` lists field names, and `and`, `or`,
// `not` hold conditions. Dotted keys are nesting: `when.equals.event.code: 4624` reads `event.code`.
import type { BeatsConditionSpec } from '../../catalog/beatsProcessors';
import type { ObjectNode, PropertyNode, ValueNode } from '../../document/model';
import { detailOf, KeySegment, keySegments, NO_PREFIX, ReadingBuilder } from './beatsReading';

/** A condition written as the parts of a key (`segments`, maybe none) and a value. */
export function readCondition(b: ReadingBuilder, segments: readonly KeySegment[], value: ValueNode | undefined, processor: string | undefined, key?: PropertyNode): void {
  if (segments.length > 0) {
    conditionEntry(b, segments, value, processor, key);
    return;
  }
  if (value?.kind !== 'object' || b.templated(value)) return;
  if (b.forFeatures) b.add('conditionLevels', { node: value });
  for (const p of value.properties) if (p.key !== '' && !b.templated(p.keySpan)) conditionEntry(b, keySegments(p), p.value, processor, p);
}

function conditionEntry(b: ReadingBuilder, segments: readonly KeySegment[], value: ValueNode | undefined, processor: string | undefined, key?: PropertyNode): void {
  const [name, ...rest] = segments;
  const spec = b.table.condition(name.name);
  if (!spec) {
    b.add('unknownConditions', { span: name.span, name: name.name, known: b.table.conditionNames(), where: 'a condition' });
    return;
  }
  if (b.forFeatures) b.add('conditionKeys', name);
  const detail = detailOf(processor, `when.${spec.name}`);
  switch (spec.form) {
    case 'fieldValues':
      if (rest.length > 0) fieldKey(b, spec, rest, value, detail);
      else if (value?.kind === 'object' && !b.templated(value)) fieldLevel(b, spec, [], value, detail);
      else if (b.forFeatures && key && value?.kind === 'string' && !b.templated(value)) b.add('pendingNames', { key, word: value, prefix: NO_PREFIX });
      return;
    case 'fields':
      for (const node of value?.kind === 'array' ? value.items : [value]) b.nameRef(node, NO_PREFIX, 'read', detail);
      return;
    case 'conditions':
      if (value?.kind === 'array') for (const item of value.items) readCondition(b, [], item, processor);
      return;
    case 'condition':
      readCondition(b, rest, value, processor, key);
      return;
  }
}

function fieldLevel(b: ReadingBuilder, spec: BeatsConditionSpec, above: readonly KeySegment[], node: ObjectNode, detail: ReturnType<typeof detailOf>): void {
  if (b.forFeatures) b.add('nameLevels', { node, prefix: { names: above.map((s) => s.name), spans: above.map((s) => s.span) }, access: 'read', flattened: false, constants: false });
  for (const p of node.properties) if (p.key !== '' && !b.templated(p.keySpan)) fieldKey(b, spec, [...above, ...keySegments(p)], p.value, detail);
}

/** A key naming a field: a map below it continues the name, unless it is range's bounds (`{gte: 400}`). */
function fieldKey(b: ReadingBuilder, spec: BeatsConditionSpec, keys: readonly KeySegment[], value: ValueNode | undefined, detail: ReturnType<typeof detailOf>): void {
  if (value?.kind === 'object' && !b.templated(value) && !isBounds(spec, value)) {
    fieldLevel(b, spec, keys, value, detail);
    return;
  }
  let names = keys;
  // `http.response.code.gte: 400`: the suffix is the bound, not a part of the field's name.
  if (names.length > 1 && spec.keySuffixes.includes(names[names.length - 1].name)) names = names.slice(0, -1);
  b.ref(names.map((s) => s.name), names.map((s) => s.span), 'name', 'read', detail);
}

function isBounds(spec: BeatsConditionSpec, value: ObjectNode): boolean {
  return spec.keySuffixes.length > 0 && value.properties.length > 0 && value.properties.every((p) => spec.keySuffixes.includes(p.key));
}
