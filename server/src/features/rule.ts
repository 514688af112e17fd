// The contract of one diagnostic rule, in every file kind: its code, default severity, the spec sentence it enforces,
// its scope (what one check reads), a check, and optionally the quick fixes that repair what it reports.
import type { Catalog } from '../catalog/types';
import type { EventView, FieldRef } from '../document/fieldRefs';
import type { DocumentFormat } from '../document/model';
import type { FeatureEnv } from './env';
import type { FwDiagnostic, QuickFix, RuleInfo, Severity, TextEdit } from './types';
import type { RefInfo, RefStatus } from './names/refInfo';

/** What a rule reports; the framework adds the code. Offsets are its subject's (an event's local offsets, else the document's). */
export interface Finding {
  start: number;
  end: number;
  message: string;
  /** Whatever the rule's fixes need, JSON-serialisable (it travels to the editor and back). */
  data?: unknown;
  tags?: Array<'deprecated' | 'unnecessary'>;
  /** A severity other than the rule's default (type conflicts take the type table's verdict). */
  severity?: Severity;
}

/**
 * What one check of a rule reads: `name`, a field name's spelling alone (it runs on every kind's written names with
 * the verdict an event key gets); `event`, one event's keys and values together (event documents only); `processor`,
 * what follows from one processor's text (a pipeline read as units keeps its findings while that text is unchanged);
 * `body`, a pipeline body's own keys; `document`, the whole document of its kind.
 */
export type RuleScope = 'name' | 'event' | 'processor' | 'body' | 'document';

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

/**
 * One rule: `Subject` is what a check reads (`RuleContext`, one event as every rule sees it, for the `name` and
 * `event` scopes; a kind's document otherwise), `Env` what it knows besides, `F` what it finds (a kind may add to a
 * finding what voids it elsewhere in the document). The fix members are the events kind's.
 */
export interface Rule<Subject = RuleContext, Env = FeatureEnv, F extends Finding = Finding> extends RuleInfo {
  readonly scope: RuleScope;
  check(this: void, subject: Subject, env: Env): F[];
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
  readonly perFile?: { suppresses(this: void, diagnostic: FwDiagnostic): boolean };
}
