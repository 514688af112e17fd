// The name rules over written names judged by their spelling alone: references at the root that hold no value (a
// pipeline's written names) are judged once per spelling, and each finding is given to every reference spelt so. A
// 1 MB pipeline writes thousands of names of a few hundred spellings; each rule's findings come out as a run over
// every reference gives them (the rules read the view's references in order, and ask the view only which paths it has).
import { EventView, FieldRef } from '../document/fieldRefs';
import type { Span } from '../document/model';
import { createRuleContext } from './diagnostics';
import type { Finding, Rule } from './diagnostics/rule';
import type { FeatureEnv } from './env';

/** Each rule's findings over `written`, in `rules`' order. */
export function nameFindings(rules: readonly Rule[], written: EventView, env: FeatureEnv): Finding[][] {
  const spellings = Spellings.of(written.refs);
  if (spellings) {
    const ctx = createRuleContext(new EventView(written.slice, spellings.reps), env);
    const spread: Finding[][] = [];
    for (const rule of rules) {
      const found = spellings.spread(rule.check(ctx));
      if (!found) break;
      spread.push(found);
    }
    if (spread.length === rules.length) return spread;
  }
  const ctx = createRuleContext(written, env);
  return rules.map((rule) => rule.check(ctx));
}

/** A spelling's findings located on its first reference: the segments each spans, to be found on the others. */
interface Located {
  finding: Finding;
  first: number;
  last: number;
}

class Spellings {
  /** The positions in `reps` where a reference's segment starts (-1: more than one reference starts there). */
  private starts?: Map<number, number>;

  private constructor(
    private readonly refs: readonly FieldRef[],
    /** The first reference of each spelling, and each reference alone that is not judged with others. */
    readonly reps: FieldRef[],
    /** Each reference's position in `reps`. */
    private readonly repOf: Int32Array,
  ) {}

  /**
   * The spellings of `refs`, or undefined when some reference is not judged by its spelling alone (it has a parent or
   * a value), or when they are not fewer than the references.
   */
  static of(refs: readonly FieldRef[]): Spellings | undefined {
    const reps: FieldRef[] = [];
    const repOf = new Int32Array(refs.length);
    const byPath = new Map<string, number>();
    for (let i = 0; i < refs.length; i++) {
      const ref = refs[i];
      if (ref.parent !== undefined || ref.value !== undefined) return undefined;
      // Only references with one span per segment, each after the one before, are judged together: a finding's span
      // is found on each of them by segment. Others (a default target, a literal dotted key) are judged alone.
      let rep = separate(ref) ? undefined : byPath.get(ref.joinedPath);
      if (rep === undefined) {
        rep = reps.length;
        reps.push(ref);
        if (!separate(ref)) byPath.set(ref.joinedPath, rep);
      }
      repOf[i] = rep;
    }
    return reps.length < refs.length ? new Spellings(refs, reps, repOf) : undefined;
  }

  /** A rule's findings over the spellings given to every reference, in the references' order; undefined if one is not on a reference's segments. */
  spread(findings: Finding[]): Finding[] | undefined {
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
    for (let i = 0; i < this.refs.length; i++) {
      const located = byRep.get(this.repOf[i]);
      if (located === undefined) continue;
      const ref = this.refs[i];
      for (const { finding, first, last } of located) out.push(ref === this.reps[this.repOf[i]] ? finding : moved(finding, ref.segments, first, last));
    }
    return out;
  }
}

/** Judged alone: a segment count other than the path's, or segments not each after the one before (a shared span). */
function separate(ref: FieldRef): boolean {
  const segments = ref.segments;
  if (segments.length !== ref.depth) return true;
  for (let k = 0; k < segments.length; k++) {
    if (segments[k].end <= segments[k].start || (k > 0 && segments[k].start < segments[k - 1].end)) return true;
  }
  return false;
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

/** The finding on another reference of its spelling: from its segment `first` to its segment `last`. */
function moved(finding: Finding, segments: readonly Span[], first: number, last: number): Finding {
  const out: Finding = { start: segments[first].start, end: segments[last].end, message: finding.message };
  if ('data' in finding) out.data = finding.data;
  if ('tags' in finding) out.tags = finding.tags;
  return out;
}
