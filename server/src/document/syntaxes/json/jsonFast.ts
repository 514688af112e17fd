// A strict, fast JSON parser for the common case: well-formed text. It builds the same nodes as the
// tolerant path (jsonValue.ts) and gives up (returns undefined) at the first problem, so that every
// error message and recovery still comes from jsonc-parser.
import { intern, KeyBudget, NEW_KEYS_PER_PARSE } from '../../compact';
import { ArrayNode, MAX_NESTING, ObjectNode, Property, Scalar, ScalarNode, ValueNode } from '../../model';
import { contentStart } from '../byteOrderMark';


class GiveUp extends Error {}
const giveUp = new GiveUp();

/**
 * A list of the root object that is read item by item instead of kept in the tree (a pipeline's top-level
 * `processors`, pipelineUnits.ts): the parse hands each item to `item` and leaves the list's node without items.
 */
export interface ItemList {
  /** The root object's key whose array value is the list. */
  readonly key: string;
  /** The length of an item already known to start at `start` (the same text as before an edit): skipped unparsed. */
  known(start: number): number | undefined;
  /** Each item in order: its span, and its tree when it was parsed here (undefined when skipped as known). */
  item(start: number, end: number, node: ValueNode | undefined): void;
}

class FastJson {
  private pos = 0;
  private readonly newKeys: KeyBudget = { left: NEW_KEYS_PER_PARSE };
  private listSeen = false;
  // The properties and items of the objects and arrays being read, innermost last: each node takes its own as one
  // exact-size copy when it ends, instead of growing an array of its own by push and trimming it.
  // Tops kept apart from the lengths: shortening an array lets V8 shrink its store, which the next object grows again.
  // What lies above a top is stale and dies with the parser.
  private readonly pendingProperties: Property[] = [];
  private propertiesTop = 0;
  private readonly pendingItems: ValueNode[] = [];
  private itemsTop = 0;

  constructor(private readonly text: string, private readonly list?: ItemList) {}

  /** The value in [from, to) of the text (the whole text, after a byte order mark, by default), its nodes at the text's offsets. */
  run(from = contentStart(this.text), to = this.text.length): ValueNode | undefined {
    this.pos = from;
    this.space();
    if (this.pos >= to) return undefined;
    const root = this.value(0);
    // A value inside a longer text (`to` short of its end) ends at `to`; the whole text may end in spaces.
    if (this.pos === to) return root;
    this.space();
    return this.pos === to ? root : undefined;
  }

  private space(): void {
    const text = this.text;
    let c = text.charCodeAt(this.pos);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++this.pos);
  }

  private value(depth: number): ValueNode {
    const c = this.text.charCodeAt(this.pos);
    if (c === 34) return this.string();
    if (c === 123) return this.object(depth + 1);
    if (c === 91) return this.array(depth + 1);
    if (c === 45 || (c >= 48 && c <= 57)) return this.number();
    if (c === 116) return this.word('true', 'boolean', true);
    if (c === 102) return this.word('false', 'boolean', false);
    if (c === 110) return this.word('null', 'null', null);
    throw giveUp;
  }

  private object(depth: number): ObjectNode {
    if (depth > MAX_NESTING) throw giveUp;
    const text = this.text;
    const start = this.pos++;
    this.space();
    if (text.charCodeAt(this.pos) === 125) return { kind: 'object', start, end: ++this.pos, properties: [] };
    const pending = this.pendingProperties;
    const base = this.propertiesTop;
    for (;;) {
      if (text.charCodeAt(this.pos) !== 34) throw giveUp;
      const keyStart = this.pos;
      const key = intern(this.stringValue(), this.newKeys);
      const keyEnd = this.pos;
      this.space();
      if (text.charCodeAt(this.pos) !== 58) throw giveUp;
      const colon = this.pos++;
      this.space();
      const property = new Property(key, keyStart + 1, keyEnd - 1, keyStart, keyEnd);
      property.colon = colon;
      if (depth === 1 && this.list !== undefined && key === this.list.key) {
        // A second list of the same key: the tree's reading (the last one wins) is not worth mirroring here.
        if (this.listSeen || text.charCodeAt(this.pos) !== 91) throw giveUp;
        this.listSeen = true;
        property.value = this.itemList(depth + 1, this.list);
      } else {
        property.value = this.value(depth);
      }
      pending[this.propertiesTop++] = property;
      this.space();
      const c = text.charCodeAt(this.pos);
      if (c === 44) {
        this.pos++;
        this.space();
      } else if (c === 125) {
        const properties = pending.slice(base, this.propertiesTop);
        this.propertiesTop = base;
        return { kind: 'object', start, end: ++this.pos, properties };
      } else {
        throw giveUp;
      }
    }
  }

  private array(depth: number): ArrayNode {
    if (depth > MAX_NESTING) throw giveUp;
    const text = this.text;
    const start = this.pos++;
    this.space();
    if (text.charCodeAt(this.pos) === 93) return { kind: 'array', start, end: ++this.pos, items: [] };
    const pending = this.pendingItems;
    const base = this.itemsTop;
    for (;;) {
      const item = this.value(depth);
      pending[this.itemsTop++] = item;
      this.space();
      const c = text.charCodeAt(this.pos);
      if (c === 44) {
        this.pos++;
        this.space();
      } else if (c === 93) {
        const items = pending.slice(base, this.itemsTop);
        this.itemsTop = base;
        return { kind: 'array', start, end: ++this.pos, items };
      } else {
        throw giveUp;
      }
    }
  }

  /** Like `array`, but each item goes to `list` (skipped when known) and the node keeps none. */
  private itemList(depth: number, list: ItemList): ArrayNode {
    if (depth > MAX_NESTING) throw giveUp;
    const text = this.text;
    const node: ArrayNode = { kind: 'array', start: this.pos, end: 0, items: [] };
    this.pos++;
    this.space();
    if (text.charCodeAt(this.pos) === 93) {
      node.end = ++this.pos;
      return node;
    }
    for (;;) {
      const start = this.pos;
      const known = list.known(start);
      if (known !== undefined) {
        if (start + known > text.length) throw giveUp;
        this.pos = start + known;
        list.item(start, this.pos, undefined);
      } else {
        const item = this.value(depth);
        list.item(start, this.pos, item);
      }
      this.space();
      const c = text.charCodeAt(this.pos);
      if (c === 44) {
        this.pos++;
        this.space();
      } else if (c === 93) {
        node.end = ++this.pos;
        return node;
      } else {
        throw giveUp;
      }
    }
  }

  private string(): ScalarNode {
    const start = this.pos;
    const value = this.stringValue();
    return new Scalar('string', value, start, this.pos, this.text, 'double');
  }

  /** Reads a string token at `pos` (on its opening quote) and returns its value. */
  private stringValue(): string {
    const text = this.text;
    const start = this.pos;
    let escaped = false;
    for (let i = start + 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        this.pos = i + 1;
        if (!escaped) return text.slice(start + 1, i);
        try {
          return JSON.parse(text.slice(start, i + 1)) as string;
        } catch {
          throw giveUp;
        }
      }
      if (c === 92) {
        escaped = true;
        i++;
      } else if (c < 32) {
        throw giveUp;
      }
    }
    throw giveUp;
  }

  private number(): ScalarNode {
    const text = this.text;
    const start = this.pos;
    let i = start;
    if (text.charCodeAt(i) === 45) i++;
    const intStart = i;
    while (isDigit(text.charCodeAt(i))) i++;
    // JSON forbids leading zeros (`01`) and a bare `-`.
    if (i === intStart || (text.charCodeAt(intStart) === 48 && i - intStart > 1)) throw giveUp;
    if (text.charCodeAt(i) === 46) {
      const fraction = ++i;
      while (isDigit(text.charCodeAt(i))) i++;
      if (i === fraction) throw giveUp;
    }
    const e = text.charCodeAt(i);
    if (e === 101 || e === 69) {
      i++;
      const sign = text.charCodeAt(i);
      if (sign === 43 || sign === 45) i++;
      const exponent = i;
      while (isDigit(text.charCodeAt(i))) i++;
      if (i === exponent) throw giveUp;
    }
    this.pos = i;
    return new Scalar('number', Number(text.slice(start, i)), start, i, this.text);
  }

  private word(word: string, kind: 'boolean' | 'null', value: boolean | null): ScalarNode {
    if (!this.text.startsWith(word, this.pos)) throw giveUp;
    const start = this.pos;
    this.pos += word.length;
    return new Scalar(kind, value, start, this.pos, this.text);
  }
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * The value of well-formed JSON text, or undefined when the text needs the tolerant parser. With `list`, that list
 * of the root object is read item by item (ItemList) and its node holds no items.
 */
export function parseJsonFast(text: string, list?: ItemList): ValueNode | undefined {
  try {
    return new FastJson(text, list).run();
  } catch (error) {
    if (error === giveUp || error instanceof RangeError) return undefined;
    throw error;
  }
}

/** The well-formed JSON value spanning [start, end) of `text`, with the text's own offsets (a pipeline's unit in place). */
export function parseJsonFastAt(text: string, start: number, end: number): ValueNode | undefined {
  try {
    return new FastJson(text).run(start, end);
  } catch (error) {
    if (error === giveUp || error instanceof RangeError) return undefined;
    throw error;
  }
}
