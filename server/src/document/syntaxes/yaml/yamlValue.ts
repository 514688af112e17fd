// Tolerant YAML parsing of one event's text: walks the `yaml` CST (no composer, for speed) into model nodes,
// and reports the syntax errors the CST leaves to the composer (multi-line keys, compact nested maps, ...).
import { CST, Parser } from 'yaml';
import { MAX_NESTING, NestingTooDeep, ObjectNode, Property, PropertyNode, Scalar, ScalarNode, SyntaxProblem, ValueNode } from '../../model';
import { ALIAS_EXPANSION_LIMIT, MAX_ALIASED_NODES } from '../../limits';
import { typePlainScalar } from './yamlScalar';
import { parseYamlFast } from './yamlFast';
import { parseable } from '../byteOrderMark';
import type { ParsedValue } from '../json/jsonValue';

type Token = CST.Token;
type Item = CST.CollectionItem;

/** What a walk of an anchored node visits: its keys and items, aliases expanded, and how many levels deep it goes. */
interface Expansion {
  nodes: number;
  height: number;
}

class Builder {
  readonly errors: SyntaxProblem[] = [];
  private readonly anchors = new Map<string, ValueNode>();
  private readonly expansions = new Map<ValueNode, Expansion>();

  constructor(private readonly text: string) {}

  error(start: number, end: number, message: string): void {
    this.errors.push({ start, end: Math.max(end, start), message });
  }

  private depth = 0;
  /** The deepest level the node being built reaches, aliases expanded. */
  private deepest = 0;
  /** Keys and items built so far, with those each expanded alias stands for: what a walk of the tree visits. */
  private visited = 0;
  /** The part of `visited` that aliases added: at most MAX_ALIASED_NODES. */
  private aliased = 0;
  /** Whether an alias was left unexpanded: then no later alias to a collection is expanded either. */
  private limitMet = false;

  value(token: Token | null | undefined, props: readonly CST.SourceToken[] = []): ValueNode | undefined {
    if (!token) return undefined;
    if (++this.depth > MAX_NESTING) throw new NestingTooDeep(token.offset);
    const visited = this.visited;
    const outerDeepest = this.deepest;
    this.deepest = this.depth;
    const node = this.build(token, props);
    const anchor = props.find((p) => p.type === 'anchor');
    if (anchor && node) {
      this.anchors.set(anchor.source.slice(1), node);
      this.expansions.set(node, { nodes: this.visited - visited, height: this.deepest - this.depth + 1 });
    }
    this.deepest = Math.max(this.deepest, outerDeepest);
    this.depth--;
    return node;
  }

  /**
   * The node an alias stands for, shared with its anchor, while what aliases add to a walk stays within
   * MAX_ALIASED_NODES and MAX_NESTING; past that, an invalid node and, the first time, the one finding that says so.
   */
  private alias(token: CST.FlowScalar, target: ValueNode): ValueNode {
    const expansion = this.expansions.get(target) ?? { nodes: 0, height: 1 };
    const deepest = this.depth + expansion.height - 1;
    const tooMany = this.aliased + expansion.nodes > MAX_ALIASED_NODES;
    const tooDeep = deepest > MAX_NESTING;
    if (expansion.nodes > 0 && (this.limitMet || tooMany || tooDeep)) {
      const start = token.offset;
      const end = start + token.source.length;
      if (!this.limitMet) {
        const why = tooDeep
          ? `would nest the value deeper than ${MAX_NESTING} levels`
          : `would make aliases here stand for more than ${MAX_ALIASED_NODES.toLocaleString('en')} keys and list items (nested aliases multiply: an alias bomb?)`;
        const message = `The alias ${token.source} ${why}. Fieldwise does not expand it, nor any later alias to a list or mapping: what they stand for is not checked; the rest is.`;
        this.errors.push({ start, end, message, code: ALIAS_EXPANSION_LIMIT });
      }
      this.limitMet = true;
      return { kind: 'invalid', raw: token.source, start, end };
    }
    this.aliased += expansion.nodes;
    this.visited += expansion.nodes;
    this.deepest = Math.max(this.deepest, deepest);
    return target;
  }

  private build(token: Token, props: readonly CST.SourceToken[]): ValueNode | undefined {
    switch (token.type) {
      case 'block-map':
        return this.map(token.offset, token.items, false);
      case 'block-seq':
        return this.seq(token.offset, token.items, false);
      case 'flow-collection': {
        const node = token.start.source === '{'
          ? this.map(token.offset, token.items, true)
          : this.seq(token.offset, token.items, true);
        const end = token.end.find((t) => t.type === 'flow-map-end' || t.type === 'flow-seq-end');
        if (end) node.end = end.offset + 1;
        else this.error(token.offset, token.offset + 1, `Missing closing ${token.start.source === '{' ? "'}'" : "']'"} of this flow collection`);
        return node;
      }
      case 'alias': {
        const target = this.anchors.get(token.source.slice(1));
        if (target) return this.alias(token, target);
        this.error(token.offset, token.offset + token.source.length, `Unresolved alias ${token.source}`);
        return { kind: 'invalid', raw: token.source, start: token.offset, end: token.offset + token.source.length };
      }
      case 'scalar':
      case 'single-quoted-scalar':
      case 'double-quoted-scalar':
      case 'block-scalar':
        return this.scalar(token, props);
      case 'error':
        this.error(token.offset, token.offset + token.source.length, token.message);
        return { kind: 'invalid', raw: token.source, start: token.offset, end: token.offset + token.source.length };
      default:
        return undefined;
    }
  }

  /** A scalar node; plain keys keep their text (a field named `null` or `80` is still that name). */
  private scalar(token: CST.FlowScalar | CST.BlockScalar, props: readonly CST.SourceToken[], asKey = false): ScalarNode {
    const resolved = CST.resolveAsScalar(token, false, (offset, _code, message) => this.error(offset, offset + 1, message));
    const [start, end] = resolved ? resolved.range : [token.offset, token.offset + token.source.length];
    const tag = props.find((p) => p.type === 'tag')?.source;
    if (token.type === 'scalar' && tag !== '!!str' && tag !== '!') {
      const typed = asKey ? { kind: 'string' as const, value: resolved ? resolved.value : token.source } : typePlainScalar(resolved ? resolved.value : token.source);
      return new Scalar(typed.kind, typed.value, start, end, this.text, typed.kind === 'string' ? 'plain' : undefined);
    }
    const style = token.type === 'single-quoted-scalar' ? 'single' : token.type === 'double-quoted-scalar' ? 'double' : token.type === 'block-scalar' ? 'block' : 'plain';
    return new Scalar('string', resolved ? resolved.value : token.source, start, end, this.text, style);
  }

  private map(offset: number, items: readonly Item[], flow: boolean): ObjectNode {
    const node: ObjectNode = { kind: 'object', start: offset, end: offset, properties: [] };
    let column = -1;
    for (const item of items) {
      const property = this.property(item, flow);
      if (!property) continue;
      const above = this.splitMultilineKey(property);
      node.properties.push(...above, property);
      this.visited += above.length + 1;
      node.end = Math.max(node.end, property.value ? property.value.end : property.keyTokenSpan.end);
      if (flow || property.key === '') continue;
      const start = property.keyTokenSpan.start;
      const at = start - (this.text.lastIndexOf('\n', start - 1) + 1);
      if (column < 0) column = at;
      else if (at !== column) this.error(start, property.keyTokenSpan.end, `All keys of a mapping must start at the same column (column ${column + 1}, not ${at + 1}); check the indentation`);
    }
    if (node.properties.some(isMergeKey)) node.properties = this.merged(node.properties);
    return node;
  }

  /**
   * YAML's merge key (`<<: *base`, `<<: [*a, *b]`), as Beats, Elasticsearch and the `yaml` library read it: the
   * mappings' keys join this one's, the keys written here win, and an earlier mapping of a list wins over a later one.
   * The merged keys are the anchor's own (their spans are where they are written); `<<` itself is no key.
   */
  private merged(properties: readonly PropertyNode[]): PropertyNode[] {
    const own = properties.filter((p) => !isMergeKey(p));
    const taken = new Set(own.map((p) => p.key));
    const out = [...own];
    for (const merge of properties.filter(isMergeKey)) {
      const value = merge.value;
      const sources = value?.kind === 'object' ? [value] : value?.kind === 'array' ? value.items : [];
      for (const source of sources) {
        if (source.kind !== 'object') {
          this.error(merge.keyTokenSpan.start, merge.keyTokenSpan.end, 'A merge key (<<) takes a mapping or a list of mappings');
          continue;
        }
        for (const p of source.properties) {
          if (taken.has(p.key)) continue;
          taken.add(p.key);
          out.push(p);
          this.visited++;
        }
      }
    }
    return out;
  }

  /**
   * A plain key spanning lines is a half-typed key above a real one (`ge` over `geo:`): keep the last
   * line as the key, as the user sees it, and return the lines above as keys without values.
   */
  private splitMultilineKey(property: PropertyNode): PropertyNode[] {
    const span = property.keyTokenSpan;
    const raw = this.text.slice(span.start, span.end);
    if (!raw.includes('\n') || span.start !== property.keySpan.start) return [];
    const above: PropertyNode[] = [];
    let at = span.start;
    for (const line of raw.split('\n')) {
      const start = at + (line.length - line.trimStart().length);
      const end = at + line.trimEnd().length;
      at += line.length + 1;
      if (end <= start) continue;
      above.push(new Property(this.text.slice(start, end), start, end, start, end));
    }
    const last = above.pop();
    if (!last) return [];
    property.key = last.key;
    property.keySpan = last.keySpan;
    property.keyTokenSpan = last.keyTokenSpan;
    return above;
  }

  private property(item: Item, flow: boolean): PropertyNode | undefined {
    const key = item.key;
    const colon = item.sep?.find((t) => t.type === 'map-value-ind');
    let property: PropertyNode;
    if (key && (key.type === 'scalar' || key.type === 'single-quoted-scalar' || key.type === 'double-quoted-scalar')) {
      const scalar = this.scalar(key, item.start, true);
      const quoted = key.type !== 'scalar';
      const closed = quoted && /['"]$/.test(scalar.raw) && scalar.raw.length > 1;
      property = new Property(String(scalar.value ?? ''), scalar.start + (quoted ? 1 : 0), scalar.end - (closed ? 1 : 0), scalar.start, scalar.end);
      if (!flow && key.type === 'scalar' && key.source.includes('\n')) {
        const firstLineEnd = this.text.indexOf('\n', scalar.start);
        this.error(scalar.start, firstLineEnd, 'A key needs a colon: is one missing at the end of this line?');
      }
    } else if (key) {
      const start = key.offset;
      this.error(start, start + 1, 'A collection cannot be used as a mapping key here; check the indentation');
      return undefined;
    } else if (item.value !== undefined || colon) {
      const at = colon ? colon.offset : item.value ? item.value.offset : 0;
      property = new Property('', at, at, at, at);
    } else {
      return undefined;
    }
    if (colon) {
      property.colon = colon.offset;
    } else if (!flow) {
      this.error(property.keyTokenSpan.start, property.keyTokenSpan.end, 'Implicit map keys need to be followed by map values');
    }
    property.value = this.value(item.value, item.sep ?? []);
    if (!flow && item.value && item.value.type === 'block-map' && colon && !this.text.slice(colon.offset, item.value.offset).includes('\n')) {
      this.error(item.value.offset, item.value.offset + 1, 'Nested mappings are not allowed in compact mappings; start the nested map on a new line');
    }
    return property;
  }

  private seq(offset: number, items: readonly Item[], flow: boolean): ValueNode {
    const node: ValueNode = { kind: 'array', start: offset, end: offset + 1, items: [] };
    for (const item of items) {
      if (flow && item.key !== undefined) {
        // `[a: 1]` is a single-pair mapping inside a flow sequence.
        const pair = this.map(item.key ? item.key.offset : offset, [item], true);
        node.items.push(pair);
        this.visited++;
        node.end = Math.max(node.end, pair.end);
        continue;
      }
      const value = this.value(item.value, item.start);
      const indicator = item.start.find((t) => t.type === 'seq-item-ind');
      const after = (indicator?.offset ?? offset) + 1;
      const child: ValueNode = value ?? new Scalar('null', null, after, after, this.text);
      if (value || !flow) {
        node.items.push(child);
        this.visited++;
      }
      node.end = Math.max(node.end, child.end);
    }
    return node;
  }
}

/** A plain `<<` key: YAML's merge key (a quoted one is an ordinary key). */
function isMergeKey(p: PropertyNode): boolean {
  return p.key === '<<' && p.keySpan.start === p.keyTokenSpan.start && p.keySpan.end === p.keyTokenSpan.end;
}

const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/;

/** Parses `text` as one YAML document's value; never throws, reports problems with local offsets. */
export function parseYamlValue(text: string): ParsedValue {
  const fast = controlCharacter.test(text) ? undefined : parseYamlFast(text);
  return fast ? { root: fast, errors: [] } : parseYamlCst(text);
}

/** The `yaml` library's CST, walked into model nodes: for everything the fast path gives up on. */
export function parseYamlCst(source: string): ParsedValue {
  const text = parseable(source);
  const builder = new Builder(text);
  let root: ValueNode | undefined;
  for (const token of new Parser().parse(text)) {
    if (token.type === 'document') {
      if (root === undefined) root = builder.value(token.value, token.start);
      else builder.error(token.offset, token.offset + 3, 'Only one document is expected here');
      for (const t of (token.end ?? []) as readonly CST.Token[]) {
        if (t.type === 'error') builder.error(t.offset, t.offset + t.source.length, t.message);
      }
    } else if (token.type === 'error') {
      builder.error(token.offset, token.offset + token.source.length, token.message);
    }
  }
  const control = controlCharacter.exec(text);
  if (control) builder.error(control.index, control.index + 1, `Control character U+${control[0].charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()} is not allowed in YAML; is this a binary file?`);
  return { root, errors: builder.errors };
}
