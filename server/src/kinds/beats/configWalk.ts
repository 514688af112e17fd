// A Beats or Elastic Agent configuration's settings, walked for what names event fields: every `processors:` list
// (at the root, under an input, a module, a fileset or a stream) and every input's `fields` (written under `fields.`,
// or at the root with `fields_under_root: true`). Everything else is a setting, never judged as a field; the
// settings that configure the Beat itself (`output.*`, `setup.*`, `cloud.*`, ...) are not even walked for `fields`.
// YAML anchors and aliases give the same node twice: it is read once. A `<<` merge key's value is read in place.
import type { BeatsProcessorTable } from '../../catalog/beatsProcessors';
import type { ObjectNode, PropertyNode, Span, SyntaxProblem, ValueNode } from '../../document/model';
import { BeatsReading, detailOf, keySegments, NO_PREFIX, propertyNamed, ReadingBuilder } from './beatsReading';
import { readItem, readNameKeys, readProcessorList } from './processorWalk';

/** Top-level settings of the Beat itself: no `fields` below them is an input's. */
const BEAT_SETTINGS = new Set(['output', 'setup', 'logging', 'monitoring', 'queue', 'http', 'cloud', 'path', 'xpack', 'management']);

/**
 * What a parsed piece names: `unit` for one item of a processors list read alone (its root is a list of that item),
 * else a whole configuration (or the skeleton of one).
 */
export function readPiece(
  text: string, tags: readonly Span[], table: BeatsProcessorTable, root: ValueNode | undefined, errors: SyntaxProblem[], unit: boolean, forFeatures = true,
): BeatsReading {
  const b = new ReadingBuilder(text, tags, table, root, errors, forFeatures);
  if (unit) {
    if (root?.kind === 'array') for (const item of root.items) readItem(b, item);
  } else {
    new SettingsWalk(b, processorLists(root)).value(root, []);
  }
  return b.reading;
}

/**
 * Calls `each` on every property of the objects below `root`, through arrays; its value is walked unless `each` answers
 * false. An alias stands for a node written before: each node is walked once (a chain of aliases must not multiply it).
 */
export function eachProperty(root: ValueNode | undefined, each: (key: string, value: ValueNode | undefined) => boolean | void): void {
  const seen = new Set<ValueNode>();
  const visit = (node: ValueNode | undefined): void => {
    if (!node || seen.has(node)) return;
    seen.add(node);
    if (node.kind === 'array') for (const item of node.items) visit(item);
    if (node.kind !== 'object') return;
    for (const p of node.properties) if (each(p.key, p.value) !== false) visit(p.value);
  };
  visit(root);
}

/** The lists under `processors` keys, aliases included: an anchored list is read there, never as settings. */
function processorLists(root: ValueNode | undefined): Set<ValueNode> {
  const out = new Set<ValueNode>();
  eachProperty(root, (key, value) => {
    if (value?.kind === 'array' && (key === 'processors' || key.endsWith('.processors'))) out.add(value);
  });
  return out;
}

class SettingsWalk {
  private readonly seen = new Set<ValueNode>();

  constructor(private readonly b: ReadingBuilder, private readonly lists: ReadonlySet<ValueNode>) {}

  value(node: ValueNode | undefined, path: readonly string[]): void {
    if (!node || this.seen.has(node) || this.lists.has(node)) return;
    if (node.kind === 'array') {
      this.seen.add(node);
      for (const item of node.items) this.value(item, path);
    } else if (node.kind === 'object') {
      this.seen.add(node);
      this.object(node, path);
    }
  }

  private object(node: ObjectNode, path: readonly string[]): void {
    for (const p of node.properties) {
      if (p.key === '<<') {
        this.value(p.value, path);
        continue;
      }
      if (p.key === '' || this.b.templated(p.keySpan)) continue;
      const names = keySegments(p).map((s) => s.name);
      const full = [...path, ...names];
      const last = names[names.length - 1];
      const value = p.value;
      if (last === 'processors') {
        if (value?.kind === 'array' && !this.seen.has(value)) {
          this.seen.add(value);
          readProcessorList(this.b, value, p);
        } else if (value === undefined || value.kind === 'null') {
          this.b.add('emptyLists', p);
        }
      } else if (last === 'fields' && value?.kind === 'object' && !BEAT_SETTINGS.has(full[0]) && !this.seen.has(value)) {
        this.seen.add(value);
        this.inputFields(p, value, underRoot(node));
      } else {
        this.value(value, full);
      }
    }
  }

  /** An input's `fields`: its keys are written at the root, or under `fields.` (the key itself is that name). */
  private inputFields(key: PropertyNode, value: ObjectNode, root: boolean): void {
    const prefix = root ? NO_PREFIX : { names: ['fields'], spans: [key.keySpan] };
    readNameKeys(this.b, value, prefix, 0, {
      access: 'write', flattened: false, constants: true, processor: undefined, valueAccess: undefined, detail: detailOf(undefined, 'fields'),
    });
  }
}

function underRoot(object: ObjectNode): boolean {
  const flag = propertyNamed(object, 'fields_under_root')?.value;
  return flag?.kind === 'boolean' && flag.value === true;
}
