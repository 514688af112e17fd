// The name rules over written names judged by their spelling alone: references at the root that hold no value (a
// pipeline's written names) are judged once per spelling, and each finding is given to every place the name is
// written. A large pipeline writes thousands of names of a few hundred spellings; each rule's findings come out as a run
// over every reference gives them (the rules read the view's references in order, and ask the view only which paths
// it has). A place is a reference, or a name with its segments' offsets (what a pipeline unit's digest keeps).
import { BoundedMemo } from '../../document/boundedMemo';
import { EventView, FieldRef, NamedRef, NamedRefDetail } from '../../document/fieldRefs';
import type { EventSlice } from '../../document/model';
import { spansOf } from '../../document/readNames';
import { createRuleContext } from './ruleContext';
import type { Finding, Rule } from '../rule';
import type { FeatureEnv } from '../env';

/** Each rule's findings over `written`'s references or places, in `rules`' order. */
export function nameFindings(rules: readonly Rule[], written: EventView | Spellings, env: FeatureEnv): Finding[][] {
  const spellings = written instanceof Spellings ? written : Spellings.of(written);
  if (spellings) {
    const found = spellings.findings(rules, env);
    if (found) return found;
  }
  const ctx = createRuleContext(written instanceof Spellings ? written.view() : written, env);
  return rules.map((rule) => rule.check(ctx, ctx.env));
}

/** Judged alone: a segment count other than the path's, or segments not each after the one before (a shared span). */
export function judgedAlone(ref: FieldRef): boolean {
  const segments = ref.segments;
  if (segments.length !== ref.depth) return true;
  for (let k = 0; k < segments.length; k++) {
    if (segments[k].end <= segments[k].start || (k > 0 && segments[k].start < segments[k - 1].end)) return true;
  }
  return false;
}

/** A spelling's findings located on its first place: the segments each spans, to be found on the others. */
interface Located {
  finding: Finding;
  first: number;
  last: number;
}

const NO_DETAIL: NamedRefDetail = {};
// A name's path, split once (names are interned: the same few hundred recur in every check).
const paths = new BoundedMemo<string[]>((name) => name.split('.'), 20_000);

/** A joined name's path (`source.ip` -> source, ip), the same array every time: read it, never change it. */
export function pathOf(joined: string): readonly string[] {
  return paths.get(joined);
}

/** The places where names are written, grouped by spelling; add them in document order. */
export class Spellings {
  /** The first place of each spelling, and each reference judged alone. */
  private readonly reps: FieldRef[] = [];
  /** Per rep: its place. */
  private readonly repPlace: number[] = [];
  /** Per place: its rep; its reference, or the numbers its segments are in (start, end, ...), where, and moved by how much. */
  private readonly repOf: number[] = [];
  private readonly refs: Array<FieldRef | undefined> = [];
  private readonly lists: Array<readonly number[] | undefined> = [];
  private readonly offsets: number[] = [];
  private readonly shifts: number[] = [];
  private readonly byPath = new Map<string, number>();
  /** The rep whose segment starts at each offset (-1: more than one). */
  private starts?: Map<number, number>;

  constructor(private readonly slice: EventSlice) {}

  /** The spellings of a view's references; undefined when one is not judged by its spelling alone, or none repeats. */
  static of(view: EventView): Spellings | undefined {
    const spellings = new Spellings(view.slice);
    for (const ref of view.refs) if (!spellings.addRef(ref)) return undefined;
    return spellings.reps.length < view.refs.length ? spellings : undefined;
  }

  /** A reference; false (and nothing added) when it has a parent or a value. */
  addRef(ref: FieldRef): boolean {
    if (ref.parent !== undefined || ref.value !== undefined) return false;
    const spelling = judgedAlone(ref) ? undefined : ref.joinedPath;
    this.repOf.push(this.repFor(spelling) ?? this.addRep(ref, spelling));
    this.refs.push(ref);
    this.lists.push(undefined);
    this.offsets.push(0);
    this.shifts.push(0);
    return true;
  }

  /**
   * A name written at the root (`joined`: its path joined with dots, each segment a name of its own) whose segments'
   * starts and ends are `list[offset]`, `list[offset + 1]`, ..., each moved by `shift`.
   */
  addName(joined: string, list: readonly number[], offset: number, shift: number): void {
    let rep = this.repFor(joined);
    if (rep === undefined) {
      const path = paths.get(joined);
      rep = this.addRep(new NamedRef(path, spansOf(list, offset, path.length, shift), 'name', 'write', this.reps.length, NO_DETAIL), joined);
    }
    this.repOf.push(rep);
    this.refs.push(undefined);
    this.lists.push(list);
    this.offsets.push(offset);
    this.shifts.push(shift);
  }

  /** The rep of a spelling met before (none for a reference judged alone). */
  private repFor(spelling: string | undefined): number | undefined {
    return spelling === undefined ? undefined : this.byPath.get(spelling);
  }

  /** `ref` as the rep of the place about to be added. */
  private addRep(ref: FieldRef, spelling: string | undefined): number {
    const rep = this.reps.length;
    this.reps.push(ref);
    this.repPlace.push(this.repOf.length);
    if (spelling !== undefined) this.byPath.set(spelling, rep);
    return rep;
  }

  /** Every place as a reference, in order: the view a run over every name reads. */
  view(): EventView {
    const refs: FieldRef[] = [];
    for (let i = 0; i < this.repOf.length; i++) {
      const ref = this.refs[i];
      if (ref) {
        refs.push(ref);
        continue;
      }
      const path = paths.get(this.reps[this.repOf[i]].joinedPath);
      refs.push(new NamedRef(path, spansOf(this.lists[i]!, this.offsets[i], path.length, this.shifts[i]), 'name', 'write', i, NO_DETAIL));
    }
    return new EventView(this.slice, refs);
  }

  /** Each rule's findings over every place; undefined if one is not on its place's segments. */
  findings(rules: readonly Rule[], env: FeatureEnv): Finding[][] | undefined {
    const ctx = createRuleContext(new EventView(this.slice, this.reps), env);
    const out: Finding[][] = [];
    for (const rule of rules) {
      const found = this.spread(rule.check(ctx, ctx.env));
      if (!found) return undefined;
      out.push(found);
    }
    return out;
  }

  /** A rule's findings over the spellings given to every place, in the places' order. */
  private spread(findings: Finding[]): Finding[] | undefined {
    if (findings.length === 0) return findings;
    const byRep = new Map<number, Located[]>();
    for (const finding of findings) {
      const rep = (this.starts ??= startsOf(this.reps)).get(finding.start);
      if (rep === undefined || rep < 0) return undefined;
      const segments = this.reps[rep].segments;
      let first = 0;
      while (first < segments.length && segments[first].start !== finding.start) first++;
      let last = first;
      while (last < segments.length && segments[last].end !== finding.end) last++;
      if (last === segments.length) return undefined;
      const list = byRep.get(rep);
      if (list) list.push({ finding, first, last });
      else byRep.set(rep, [{ finding, first, last }]);
    }
    const out: Finding[] = [];
    for (let i = 0; i < this.repOf.length; i++) {
      const rep = this.repOf[i];
      const located = byRep.get(rep);
      if (located === undefined) continue;
      for (const { finding, first, last } of located) out.push(this.repPlace[rep] === i ? finding : this.moved(finding, i, first, last));
    }
    return out;
  }

  /** The finding on place `i` of its spelling: from its segment `first` to its segment `last`. */
  private moved(finding: Finding, i: number, first: number, last: number): Finding {
    const ref = this.refs[i];
    const list = this.lists[i];
    const at = this.offsets[i];
    const shift = this.shifts[i];
    const start = ref ? ref.segments[first].start : list![at + 2 * first] + shift;
    const end = ref ? ref.segments[last].end : list![at + 2 * last + 1] + shift;
    const out: Finding = { start, end, message: finding.message };
    if ('data' in finding) out.data = finding.data;
    if ('tags' in finding) out.tags = finding.tags;
    return out;
  }
}

function startsOf(reps: readonly FieldRef[]): Map<number, number> {
  const starts = new Map<number, number>();
  for (let r = 0; r < reps.length; r++) {
    for (const segment of reps[r].segments) {
      const known = starts.get(segment.start);
      starts.set(segment.start, known === undefined || known === r ? r : -1);
    }
  }
  return starts;
}
