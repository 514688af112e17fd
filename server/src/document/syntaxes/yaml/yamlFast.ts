// A fast parser for the YAML that event and field definition files are made of: block maps and sequences,
// plain and quoted values (multi-line ones too, as map values and list items), one-line flow values, literal
// blocks, comments. It builds exactly the nodes the CST path (yamlValue.ts) builds and gives up (returns
// undefined) on anything else (anchors, tags, folded blocks, multi-line keys and flow, odd indentation, errors),
// so the `yaml` library still decides every case this one does not know.
import { ArrayNode, MAX_NESTING, ObjectNode, Property, PropertyNode, Scalar, ScalarNode, ValueNode } from '../../model';
import { typePlainScalar } from './yamlScalar';
import { intern, KeyBudget, NEW_KEYS_PER_PARSE, trimmed } from '../../compact';
import { decodeYamlFlowValue } from '../stringOffsets';
import { contentStart } from '../byteOrderMark';

class GiveUp extends Error {}
const giveUp = new GiveUp();

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const HASH = 35;
const COLON = 58;
const DASH = 45;

class FastYaml {
  /** Offset of the current line's start (the first line's is after a byte order mark). */
  private line: number;

  private readonly newKeys: KeyBudget = { left: NEW_KEYS_PER_PARSE };

  constructor(private readonly text: string) {
    this.line = contentStart(text);
  }

  run(): ValueNode | undefined {
    if (!this.nextContentLine()) return undefined;
    const root = this.block(this.line + this.indentOf(this.line), 0);
    if (this.nextContentLine()) throw giveUp;
    return root;
  }

  // ---- lines ----

  private lineEnd(from: number): number {
    const nl = this.text.indexOf('\n', from);
    const end = nl < 0 ? this.text.length : nl;
    return end > from && this.text.charCodeAt(end - 1) === CR ? end - 1 : end;
  }

  private nextLine(from: number): number {
    const nl = this.text.indexOf('\n', from);
    return nl < 0 ? this.text.length : nl + 1;
  }

  /** Moves `line` to the next line with content (skipping blank and comment lines); false at the end. */
  private nextContentLine(): boolean {
    const text = this.text;
    while (this.line < text.length) {
      let i = this.line;
      let c = text.charCodeAt(i);
      while (c === SPACE) c = text.charCodeAt(++i);
      if (c === TAB) throw giveUp;
      // A lone CR is no line break to this parser (the library reads it as white space or content).
      if (c === CR && text.charCodeAt(i + 1) !== LF) throw giveUp;
      if (c === LF || c === CR || c === HASH || i >= text.length) {
        this.line = this.nextLine(i);
        continue;
      }
      if (i === this.line && (text.startsWith('---', i) || text.startsWith('...', i) || c === 37 /* % */)) throw giveUp;
      return true;
    }
    return false;
  }

  private indentOf(lineStart: number): number {
    let i = lineStart;
    while (this.text.charCodeAt(i) === SPACE) i++;
    return i - lineStart;
  }

  // ---- blocks ----

  /** The block whose first content is at offset `at` of the current line. */
  private block(at: number, depth: number): ValueNode {
    if (depth > MAX_NESTING) throw giveUp;
    if (this.text.charCodeAt(at) === DASH && this.isSeqIndicator(at)) return this.seq(at, depth);
    if (this.findKeyColon(at) >= 0) return this.map(at, depth);
    // A lone scalar as the whole value of a block.
    const node = this.inlineValue(at, this.lineEnd(at), depth);
    this.line = this.nextLine(at);
    this.noContinuation(at - this.lineStartOf(at));
    return node;
  }

  private lineStartOf(offset: number): number {
    return Math.max(this.text.lastIndexOf('\n', offset - 1) + 1, contentStart(this.text));
  }

  private isSeqIndicator(at: number): boolean {
    const n = this.text.charCodeAt(at + 1);
    return n === SPACE || n === LF || n === CR || at + 1 >= this.text.length;
  }

  private map(first: number, depth: number): ObjectNode {
    if (depth > MAX_NESTING) throw giveUp;
    const text = this.text;
    const column = first - this.line;
    const node: ObjectNode = { kind: 'object', start: first, end: first, properties: [] };
    let at = first;
    for (;;) {
      const property = this.property(at, column, depth);
      node.properties.push(property);
      node.end = property.value ? property.value.end : property.tokenEnd;
      if (!this.nextContentLine()) return trimmed(node);
      const indent = this.indentOf(this.line);
      if (indent < column) return trimmed(node);
      if (indent > column) throw giveUp;
      at = this.line + indent;
      if (text.charCodeAt(at) === DASH && this.isSeqIndicator(at)) throw giveUp;
    }
  }

  private property(at: number, column: number, depth: number): Property {
    const text = this.text;
    const colon = this.findKeyColon(at);
    if (colon < 0) throw giveUp;
    let keyNode: ScalarNode;
    const c = text.charCodeAt(at);
    if (c === 34 || c === 39) {
      keyNode = this.quoted(at, colon);
      if (keyNode.end !== colon) throw giveUp;
    } else {
      let end = colon;
      while (text.charCodeAt(end - 1) === SPACE) end--;
      // A merge key (`<<:`) joins other mappings' keys to this one: the library path reads it.
      if (end - at === 2 && c === 60 && text.charCodeAt(at + 1) === 60) throw giveUp;
      keyNode = new Scalar('string', intern(text.slice(at, end), this.newKeys), at, end, this.text, 'plain');
    }
    const property = this.keyed(keyNode);
    property.colon = colon;
    const lineEnd = this.lineEnd(colon);
    let v = colon + 1;
    while (text.charCodeAt(v) === SPACE) v++;
    if (v >= lineEnd || text.charCodeAt(v) === HASH) {
      // The value is the block on the following lines, if any.
      this.line = this.nextLine(lineEnd);
      if (!this.nextContentLine()) return property;
      const indent = this.indentOf(this.line);
      const next = this.line + indent;
      if (indent > column || (indent === column && text.charCodeAt(next) === DASH && this.isSeqIndicator(next))) {
        property.value = this.block(next, depth + 1);
      }
      return property;
    }
    if (text.charCodeAt(v) === 124) {
      property.value = this.literal(v, lineEnd, column);
      return property;
    }
    property.value = this.inlineValue(v, lineEnd, depth, column + 1);
    if (property.value.kind === 'string' && property.value.style === 'plain' && this.findKeyColon(v) >= 0) throw giveUp;
    this.line = this.nextLine(property.value.end);
    this.noContinuation(column);
    return property;
  }

  /** A one-line value may not continue on more-indented lines (a multi-line scalar: the library decides). */
  private noContinuation(column: number): void {
    const save = this.line;
    if (!this.nextContentLine()) return;
    if (this.indentOf(this.line) > column) throw giveUp;
    this.line = save;
  }

  private seq(first: number, depth: number): ArrayNode {
    if (depth > MAX_NESTING) throw giveUp;
    const text = this.text;
    const column = first - this.line;
    const node: ArrayNode = { kind: 'array', start: first, end: first + 1, items: [] };
    let at = first;
    for (;;) {
      let v = at + 1;
      while (text.charCodeAt(v) === SPACE) v++;
      const lineEnd = this.lineEnd(at);
      let item: ValueNode;
      if (v >= lineEnd || text.charCodeAt(v) === HASH) {
        this.line = this.nextLine(lineEnd);
        const more = this.nextContentLine();
        const indent = more ? this.indentOf(this.line) : -1;
        if (more && indent > column) {
          item = this.block(this.line + indent, depth + 1);
        } else {
          item = new Scalar('null', null, at + 1, at + 1, this.text);
        }
      } else if ((text.charCodeAt(v) === DASH && this.isSeqIndicator(v)) || this.findKeyColon(v) >= 0) {
        // A compact nested collection starting on the item's line.
        item = text.charCodeAt(v) === DASH ? this.seq(v, depth + 1) : this.map(v, depth + 1);
      } else if (text.charCodeAt(v) === 124) {
        item = this.literal(v, lineEnd, column);
      } else {
        item = this.inlineValue(v, lineEnd, depth, column + 1);
        this.line = this.nextLine(item.end);
        this.noContinuation(column);
      }
      node.items.push(item);
      node.end = Math.max(node.end, item.end);
      if (!this.nextContentLine()) return trimmed(node);
      const indent = this.indentOf(this.line);
      if (indent < column) return trimmed(node);
      at = this.line + indent;
      if (indent > column || !(text.charCodeAt(at) === DASH && this.isSeqIndicator(at))) {
        if (indent === column) return trimmed(node);
        throw giveUp;
      }
    }
  }

  // ---- keys ----

  /** Offset of the `:` that ends a key starting at `at` on this line, or -1 when the line holds no key. */
  private findKeyColon(at: number): number {
    const text = this.text;
    const c = text.charCodeAt(at);
    const end = this.lineEnd(at);
    if (c === 34 || c === 39) {
      const close = this.quoteEnd(at, end);
      if (close < 0) return -1;
      let i = close;
      while (text.charCodeAt(i) === SPACE) i++;
      return text.charCodeAt(i) === COLON && this.endsToken(i + 1, end) ? i : -1;
    }
    // Plain keys may not start with an indicator; the library handles those.
    if (c === 63 || c === 38 || c === 42 || c === 33 || c === 124 || c === 62 || c === 37 || c === 64 || c === 96 || c === 91 || c === 123 || c === 93 || c === 125 || c === 44 || c === HASH || c === COLON) return -1;
    for (let i = at; i < end; i++) {
      const k = text.charCodeAt(i);
      if (k === COLON && this.endsToken(i + 1, end)) return i;
      if (k === HASH && text.charCodeAt(i - 1) === SPACE) return -1;
    }
    return -1;
  }

  private endsToken(i: number, end: number): boolean {
    const c = this.text.charCodeAt(i);
    return i >= end || c === SPACE;
  }

  // ---- values ----

  /**
   * The value starting at `at`, ending on its line, or for a scalar where `continuation` is given, on a later
   * line indented at least that far (the `yaml` lexer's rule for a value's continuation lines).
   */
  private inlineValue(at: number, lineEnd: number, depth: number, continuation = -1): ValueNode {
    const text = this.text;
    const c = text.charCodeAt(at);
    let node: ValueNode;
    if (c === 34 || c === 39) node = this.quoted(at, lineEnd, continuation);
    else if (c === 91 || c === 123) node = this.flow(at, lineEnd, depth + 1);
    else if (c === 38 || c === 42 || c === 33 || c === 124 || c === 62 || c === 37 || c === 64 || c === 96 || c === 63 || c === 44 || c === 93 || c === 125) throw giveUp;
    else if (c === DASH && this.isSeqIndicator(at)) throw giveUp;
    else node = this.plain(at, lineEnd, continuation);
    // Only a comment may follow the value on its (last) line.
    if (node.end > lineEnd) lineEnd = this.lineEnd(node.end);
    let i = node.end;
    while (text.charCodeAt(i) === SPACE) i++;
    if (i < lineEnd && !(text.charCodeAt(i) === HASH && text.charCodeAt(i - 1) === SPACE)) throw giveUp;
    return node;
  }

  /** A plain scalar; one that runs on to more-indented lines only where `continuation` (see inlineValue) is given. */
  private plain(at: number, lineEnd: number, continuation = -1): ScalarNode {
    const text = this.text;
    let end = at;
    let comment = false;
    for (let i = at; i < lineEnd; i++) {
      const k = text.charCodeAt(i);
      if (k === HASH && (text.charCodeAt(i - 1) === SPACE || text.charCodeAt(i - 1) === TAB)) {
        comment = true;
        break;
      }
      if (k === COLON && this.endsToken(i + 1, lineEnd)) throw giveUp;
      if (k === TAB) throw giveUp;
      if (k !== SPACE) end = i + 1;
    }
    const last = continuation > 0 && !comment ? this.plainContinuationEnd(lineEnd, continuation) : -1;
    if (last < 0) return this.plainScalar(at, end);
    // Folded as the library folds (the decoder mirrors it), then typed as the CST path types the folded value.
    const typed = typePlainScalar(decodeYamlFlowValue(text.slice(at, last), 'plain'));
    return new Scalar(typed.kind, typed.value, at, last, this.text, typed.kind === 'string' ? 'plain' : undefined);
  }

  /**
   * Where a plain scalar whose first line ends at `lineEnd` ends on its continuation lines (the following lines
   * indented at least `continuation`, blank ones between), or -1 when none follows. Gives up where the library
   * ends the scalar early or reports an error: a `: ` or ` #` on such a line, a line starting with `#`, a tab or a lone CR.
   */
  private plainContinuationEnd(lineEnd: number, continuation: number): number {
    const text = this.text;
    let end = -1;
    let line = this.nextLine(lineEnd);
    while (line < text.length) {
      const e = this.lineEnd(line);
      let s = line;
      while (text.charCodeAt(s) === SPACE) s++;
      if (s >= e) {
        line = this.nextLine(e);
        continue;
      }
      if (s - line < continuation) break;
      for (let i = s; i < e; i++) {
        const k = text.charCodeAt(i);
        if (k === TAB || k === CR) throw giveUp;
        if (k === HASH && (i === s || text.charCodeAt(i - 1) === SPACE)) throw giveUp;
        if (k === COLON && this.endsToken(i + 1, e)) throw giveUp;
      }
      end = e;
      while (text.charCodeAt(end - 1) === SPACE) end--;
      line = this.nextLine(e);
    }
    return end;
  }

  /** Offset just after the closing quote of a quoted scalar starting at `at`, or -1. */
  private quoteEnd(at: number, lineEnd: number): number {
    const text = this.text;
    const q = text.charCodeAt(at);
    for (let i = at + 1; i < lineEnd; i++) {
      const k = text.charCodeAt(i);
      if (q === 34 && k === 92) {
        i++;
        continue;
      }
      if (k === q) {
        if (q === 39 && text.charCodeAt(i + 1) === 39) {
          i++;
          continue;
        }
        return i + 1;
      }
    }
    return -1;
  }

  /**
   * Offset just after the closing quote of a quoted scalar starting at `at` that runs past its line, or -1: every
   * later line must be blank or indented at least `continuation` spaces, and a lone CR stops it (the library decides).
   */
  private multiLineQuoteEnd(at: number, continuation: number): number {
    const text = this.text;
    const q = text.charCodeAt(at);
    for (let i = at + 1; i < text.length; i++) {
      const k = text.charCodeAt(i);
      if (k === LF) {
        let s = i + 1;
        while (text.charCodeAt(s) === SPACE) s++;
        const n = text.charCodeAt(s);
        const blank = n === LF || (n === CR && text.charCodeAt(s + 1) === LF);
        if (!blank && s - (i + 1) < continuation) return -1;
        i = s - 1;
      } else if (k === CR) {
        if (text.charCodeAt(i + 1) !== LF) return -1;
      } else if (q === 34 && k === 92) {
        // The escaped character is skipped, but an escaped line break is still a line break to check.
        const n = text.charCodeAt(i + 1);
        if (n !== LF && n !== CR) i++;
      } else if (k === q) {
        if (q === 39 && text.charCodeAt(i + 1) === 39) {
          i++;
          continue;
        }
        return i + 1;
      }
    }
    return -1;
  }

  /** A quoted scalar; one that runs past its line only where `continuation` (see inlineValue) is given. */
  private quoted(at: number, lineEnd: number, continuation = -1): ScalarNode {
    const text = this.text;
    let end = this.quoteEnd(at, lineEnd);
    if (end < 0 && continuation > 0) end = this.multiLineQuoteEnd(at, continuation);
    if (end < 0) throw giveUp;
    const raw = text.slice(at, end);
    const single = text.charCodeAt(at) === 39;
    let value: string;
    if (end > lineEnd) {
      // Line folding (and escapes): the decoder that mirrors the library's, on a token it reports no error for.
      if (!single && !validEscapes(raw)) throw giveUp;
      value = decodeYamlFlowValue(raw, single ? 'single' : 'double');
    } else if (single) {
      value = raw.slice(1, -1).replace(/''/g, "'");
    } else if (!raw.includes('\\')) {
      value = raw.slice(1, -1);
    } else if (/^"(?:[^\\]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"$/.test(raw)) {
      value = JSON.parse(raw) as string;
    } else if (validEscapes(raw)) {
      value = decodeYamlFlowValue(raw, 'double');
    } else {
      throw giveUp;
    }
    return new Scalar('string', value, at, end, this.text, single ? 'single' : 'double');
  }

  /**
   * A literal block scalar (`|`, `|-`, `|+`) whose header is at `at`, inside a block at `parentColumn`.
   * Folded scalars (`>`) and explicit indentation indicators are left to the library.
   */
  private literal(at: number, lineEnd: number, parentColumn: number): ScalarNode {
    const text = this.text;
    let i = at + 1;
    const chomp = text.charCodeAt(i) === DASH ? 'strip' : text.charCodeAt(i) === 43 ? 'keep' : 'clip';
    if (chomp !== 'clip') i++;
    while (text.charCodeAt(i) === SPACE) i++;
    if (i < lineEnd && !(text.charCodeAt(i) === HASH && text.charCodeAt(i - 1) === SPACE)) throw giveUp;
    const lines: string[] = [];
    let indent = -1;
    let lastContentEnd = -1;
    let trailingBlankEnd = -1;
    let trailingBlanks = 0;
    let leadingBlankIndent = 0;
    let line = this.nextLine(lineEnd);
    if (line >= text.length || text.charCodeAt(line - 1) !== LF) throw giveUp;
    while (line < text.length) {
      const end = this.lineEnd(line);
      const next = this.nextLine(end);
      const own = this.indentOf(line);
      const blank = line + own >= end;
      if (blank) {
        if (indent < 0) leadingBlankIndent = Math.max(leadingBlankIndent, own);
        if (indent >= 0 && own > indent) lines.push(text.slice(line + indent, end));
        else lines.push('');
        trailingBlanks++;
        trailingBlankEnd = next;
        line = next;
        continue;
      }
      if (text.charCodeAt(line + own) === TAB && own < (indent < 0 ? parentColumn + 1 : indent)) throw giveUp;
      if (indent < 0) {
        if (own <= parentColumn) throw giveUp; // an empty block scalar: the library decides
        if (leadingBlankIndent > own) throw giveUp; // YAML rejects leading blank lines indented deeper
        indent = own;
      }
      if (own < indent) {
        if (own > parentColumn) throw giveUp;
        break;
      }
      lines.push(text.slice(line + indent, end));
      trailingBlanks = 0;
      lastContentEnd = next;
      if (next === text.length && text.charCodeAt(next - 1) !== LF) throw giveUp;
      line = next;
    }
    if (indent < 0) throw giveUp;
    const content = lines.slice(0, lines.length - trailingBlanks).join('\n');
    const value = chomp === 'strip' ? content : chomp === 'clip' ? content + '\n' : content + '\n' + '\n'.repeat(trailingBlanks);
    const end = chomp === 'keep' && trailingBlanks > 0 ? trailingBlankEnd : lastContentEnd;
    this.line = line;
    return new Scalar('string', value, at, end, this.text, 'block');
  }

  /** A flow collection that closes on its own line: `[a, "b"]`, `{lat: 1, lon: 2}`. */
  private flow(at: number, lineEnd: number, depth: number): ValueNode {
    if (depth > MAX_NESTING) throw giveUp;
    const text = this.text;
    const isMap = text.charCodeAt(at) === 123;
    const close = isMap ? 125 : 93;
    let i = at + 1;
    const skip = (): void => {
      while (text.charCodeAt(i) === SPACE) i++;
    };
    const items: ValueNode[] = [];
    const properties: PropertyNode[] = [];
    skip();
    if (text.charCodeAt(i) === close) i++;
    else {
      for (;;) {
        if (i >= lineEnd) throw giveUp;
        if (isMap) {
          const key = this.flowScalar(i, lineEnd, true);
          i = key.end;
          skip();
          if (text.charCodeAt(i) !== COLON) throw giveUp;
          const colon = i++;
          skip();
          const value = this.flowItem(i, lineEnd, depth);
          i = value.end;
          const property = this.keyed(key);
          property.colon = colon;
          property.value = value;
          properties.push(property);
        } else {
          const item = this.flowItem(i, lineEnd, depth);
          items.push(item);
          i = item.end;
        }
        skip();
        const k = text.charCodeAt(i);
        if (k === 44) {
          i++;
          skip();
          if (text.charCodeAt(i) === close) throw giveUp; // trailing comma: the library decides
          continue;
        }
        if (k === close) {
          i++;
          break;
        }
        throw giveUp;
      }
    }
    return isMap ? { kind: 'object', start: at, end: i, properties } : { kind: 'array', start: at, end: i, items };
  }

  /** A plain scalar between `at` and `end`, typed as YAML 1.2's core schema types it. */
  private plainScalar(at: number, end: number): ScalarNode {
    const typed = typePlainScalar(this.text.slice(at, end));
    return new Scalar(typed.kind, typed.value, at, end, this.text, typed.kind === 'string' ? 'plain' : undefined);
  }

  /** A property for a key scalar; the key span leaves out the quotes of a quoted key. */
  private keyed(key: ScalarNode): Property {
    const quoted = key.style !== 'plain' ? 1 : 0;
    return new Property(String(key.value), key.start + quoted, key.end - quoted, key.start, key.end);
  }

  private flowItem(at: number, lineEnd: number, depth: number): ValueNode {
    const c = this.text.charCodeAt(at);
    if (c === 91 || c === 123) return this.flow(at, lineEnd, depth + 1);
    return this.flowScalar(at, lineEnd, false);
  }

  private flowScalar(at: number, lineEnd: number, key: boolean): ScalarNode {
    const text = this.text;
    const c = text.charCodeAt(at);
    if (c === 34 || c === 39) return this.quoted(at, lineEnd);
    if (c === 38 || c === 42 || c === 33 || c === 124 || c === 62 || c === 37 || c === 64 || c === 96 || c === 63 || c === 44 || c === 91 || c === 123 || c === 93 || c === 125 || c === HASH || c === COLON || c === DASH && text.charCodeAt(at + 1) === SPACE) throw giveUp;
    let end = at;
    for (let i = at; i < lineEnd; i++) {
      const k = text.charCodeAt(i);
      if (k === 44 || k === 93 || k === 125 || (k === COLON && (key || text.charCodeAt(i + 1) === SPACE || text.charCodeAt(i + 1) === 44))) break;
      if (k === HASH && text.charCodeAt(i - 1) === SPACE) throw giveUp;
      if (k === 91 || k === 123 || k === TAB) throw giveUp;
      if (k !== SPACE) end = i + 1;
    }
    if (end === at) throw giveUp;
    return this.plainScalar(at, end);
  }
}

/** YAML's one-character escapes after `\\` in a double-quoted scalar (the `yaml` library's escapeCodes). */
const SIMPLE_ESCAPES = new Set('0abefnrtvNLP _"/\\\t');

/**
 * Whether every escape of a double-quoted token is one the library decodes without an error: a one-character
 * escape, an escaped line break, `\\x`/`\\u` with their hex digits (`\\U` is left to the library: its range check).
 */
function validEscapes(raw: string): boolean {
  for (let i = raw.indexOf('\\'); i >= 0 && i < raw.length - 1; i = raw.indexOf('\\', i)) {
    const n = raw[i + 1];
    if (SIMPLE_ESCAPES.has(n) || n === '\n') i += 2;
    else if (n === '\r' && raw[i + 2] === '\n') i += 3;
    else if ((n === 'x' && /^[0-9a-fA-F]{2}$/.test(raw.substr(i + 2, 2))) || (n === 'u' && /^[0-9a-fA-F]{4}$/.test(raw.substr(i + 2, 4)))) i += n === 'x' ? 4 : 6;
    else return false;
  }
  return true;
}

/** The value of a simple, well-formed YAML document, or undefined when the `yaml` library must decide. */
export function parseYamlFast(text: string): ValueNode | undefined {
  try {
    return new FastYaml(text).run();
  } catch (error) {
    if (error === giveUp || error instanceof RangeError) return undefined;
    throw error;
  }
}

