// Field references found inside one string value (a grok or dissect pattern, a mustache template, a painless
// script). All offsets are in the DECODED string; stringOffsets.ts maps them to the file's own characters.
import type { RefAccess } from '../fieldRefs';
import type { Span } from '../model';


export interface EmbeddedRef {
  /** The field path as the engine resolves it: `%{IP:source.ip}` -> ['source', 'ip']; `ctx['a.b']` -> ['a.b']. */
  path: string[];
  /** One span per path segment (same length as `path`): the segment's own characters, no quotes or brackets. */
  segments: Span[];
  /** The whole name as written, from the first segment's start to the last segment's end. */
  span: Span;
  access: RefAccess;
  /** A grok capture's type (`int`, `long`, `float`, `double`, `boolean`), or whatever else was written there. */
  captureType?: string;
  /** A segment is one key with dots in it (`ctx['source.ip']`): the engine does not split it. */
  literalDotted?: boolean;
  /** The reference removes the field (`ctx.a.remove('b')`). */
  removes?: boolean;
}

/** A place where a field name is being typed. */
export interface NameSite {
  /** What a chosen name replaces: the whole name around the caret (or, with `parent`, its current segment). */
  replace: Span;
  /** The name typed so far, up to the caret (dotted for dotted notations). */
  typed: string;
  access: RefAccess;
  /**
   * Set where the notation spells a path in parts (painless `ctx.source.i|`, `ctx['source']['i|`): the segments
   * written before the one being typed. `typed` and `replace` then cover that one segment.
   */
  parent?: string[];
}
