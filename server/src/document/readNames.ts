// The names a batch of processors only reads, kept as numbers and joined paths rather than references: a pipeline
// reads thousands of names, and a unit's digest needs of them only their verdicts (a handful are unknown) and the
// sources of renames. Made by processorRefs for `unitsDocument`; a reference is made for the few a rule reports.
import { NamedRef, NamedRefDetail, RefRole } from './fieldRefs';
import type { Span } from './model';

export class ReadNames {
  /** Each read name's path joined with dots (a string of its own: no slice of the text). */
  readonly paths: string[] = [];
  readonly roles: RefRole[] = [];
  readonly details: NamedRefDetail[] = [];
  /** How many references of the document came before it: where it stands among them (`refs`). */
  readonly at: number[] = [];
  /** Where its segments' starts and ends begin in `spans` (2 numbers a segment, as many segments as its path has). */
  readonly first: number[] = [];
  readonly spans: number[] = [];

  get length(): number {
    return this.paths.length;
  }

  /** Adds a name whose segments hold no dot (`path` joined is split back at its dots). */
  add(path: readonly string[], segments: readonly Span[], role: RefRole, detail: NamedRefDetail, at: number): void {
    this.paths.push(path.join('.'));
    this.roles.push(role);
    this.details.push(detail);
    this.at.push(at);
    this.first.push(this.spans.length);
    for (let i = 0; i < segments.length; i++) this.spans.push(segments[i].start, segments[i].end);
  }

  /** Where name `k` starts (its first segment's start). */
  start(k: number): number {
    return this.spans[this.first[k]];
  }

  /** Name `k` as a reference, as processorRefs would have made it (index -1: it stands in no list). */
  ref(k: number): NamedRef {
    const path = this.paths[k].split('.');
    return new NamedRef(path, spansOf(this.spans, this.first[k], path.length, 0), this.roles[k], 'read', -1, this.details[k]);
  }
}

/** `count` segments whose starts and ends are `list[offset]`, `list[offset + 1]`, ..., moved by `shift`. */
export function spansOf(list: readonly number[], offset: number, count: number, shift: number): Span[] {
  const segments: Span[] = [];
  for (let k = 0; k < count; k++) segments.push({ start: list[offset + 2 * k] + shift, end: list[offset + 2 * k + 1] + shift });
  return segments;
}
