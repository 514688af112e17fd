// The contract of one diagnostic rule: its code, default severity, the spec sentence it enforces,
// a check over one event (LOCAL offsets) and, optionally, the quick fixes that repair what it reports.
import type { Catalog } from '../catalog/types';
import type { EventView, FieldRef } from '../document/fieldRefs';
import type { DocumentFormat } from '../document/model';
import type { FeatureEnv } from './env';
import type { FwDiagnostic, QuickFix, RuleInfo, TextEdit } from './types';
import type { RefInfo, RefStatus } from './names/refInfo';

/** What a rule reports; the framework adds the code and the severity. Offsets are local to the event. */
export interface Finding {
  start: number;
  end: number;
  message: string;
  /** Whatever the rule's fixes need, JSON-serialisable (it travels to the editor and back). */
  data?: unknown;
  tags?: Array<'deprecated' | 'unnecessary'>;
}

/** One event as every rule sees it: the view, the environment, and each key's meaning, computed once. */
export interface RuleContext {
  readonly view: EventView;
  readonly env: FeatureEnv;
  readonly catalog: Catalog;
  readonly format: DocumentFormat;
  /** What the schema says about every key of the event, in document order. */
  readonly infos: readonly RefInfo[];
  /** The infos of one status, in document order: rules about defined fields, unknown or custom keys skip the others. */
  infosWith(status: RefStatus): readonly RefInfo[];
  /** The info of one reference of this event. */
  info(ref: FieldRef): RefInfo;
  /** Every reference to a dotted path, nested or dotted spellings alike (`view.all`). */
  refsAt(path: string): readonly FieldRef[];
}

export interface Rule extends RuleInfo {
  /**
   * What the rule reads: `names` (a reference's spelling alone: it runs on the fields every file kind writes, an
   * ingest pipeline's included) or `values` (an event's values and keys together: event documents only). Default `values`.
   */
  readonly reads?: 'names' | 'values';
  /** Findings for one event, local offsets. */
  check(ctx: RuleContext): Finding[];
  /** The title of "fix all of this kind in the file" (default: `Fix all '<code>' problems in the file`). */
  readonly fixAllTitle?: string;
  /** Quick fixes for one of this rule's diagnostics (local offsets), best first. */
  fixes?(diagnostic: FwDiagnostic, ctx: RuleContext): QuickFix[];
  /**
   * The edits that fix all of this rule's diagnostics in one event at once, when doing them one by one
   * would collide (insertions at one place, rewrites of one object). Without it, each diagnostic's first fix is used.
   */
  fixEvent?(diagnostics: FwDiagnostic[], ctx: RuleContext): TextEdit[];
  /**
   * The rule speaks once per file: only its first diagnostic is shown, its fix repairs every event,
   * and in a file where it fires, diagnostics for which `suppresses` is true are not shown (no cascade).
   */
  readonly perFile?: { suppresses(diagnostic: FwDiagnostic): boolean };
}
