// Event documents as a file kind: JSON, NDJSON and YAML files of events, split into events that are parsed, checked
// and cached one by one (an edit re-checks what it touched). Features work on one event at a time, in its local
// offsets; this object moves their answers to document offsets.
import { EventView } from '../../document/fieldRefs';
import type { EventSlice, Span } from '../../document/model';
import { collectFieldRefs } from '../../document/fieldRefs';
import type { FeatureEnv } from '../../features/env';
import type { OutlineSymbol, TextEdit } from '../../features/types';
import { keySymbols } from '../../features/outline';
import { renameRefs, workspaceRef } from '../../features/workspaceRefs';
import type { FieldRef } from '../../document/fieldRefs';
import type { ValueNode } from '../../document/model';
import { containerOf, insertField, movedValue, removeProperty } from './edits';
import type { Check, FileKind } from '../kind';
import { completeWithin } from './eventCompletion';
import { checkDocument } from './eventDiagnostics';
import { EventDocument, eventAt, parseEventDocument } from './eventDocument';
import { checkCounter, eventDiagnostics, hasFindings } from './eventFindings';
import { codeActions, fixAllOf } from './eventFixes';
import { inlayHints } from './eventHints';
import { hover } from './eventHover';
import { isKibanaSavedObject } from './kibanaSavedObject';
import { looksLikeEvents } from './looksLikeEvents';
import { eventKey, releaseTree } from './parsedEvent';
import { rules } from './rules';

// A tree lives until its batch is checked and released: small batches let trees die young, not promoted to the old heap.
const BATCH = 4;

export const eventsKind: FileKind<EventDocument> = {
  name: 'events',
  noun: 'event document',
  cliName: 'events',
  formats: ['json', 'ndjson', 'yaml'],
  files: {
    setting: 'events',
    defaults: ['**/*.ndjson', '**/*.jsonl', '**/sample_event.json', '**/*-expected.json', '**/events/**/*.{json,yaml,yml}'],
  },
  rules,
  // The globs name every NDJSON file: of them, a Kibana saved-objects export is Kibana's, not events.
  claims: (probe) => probe.format !== 'ndjson' || !isKibanaSavedObject(probe.text, probe.format),
  recognise: (probe, env) => looksLikeEvents(probe.text, probe.format, env.catalog),
  keepsRecognition: firstEventKept,
  parse: (text, type, { previous }) => parseEventDocument(text, type.format, previous),
  reparsed(doc, previous) {
    const before = new Set(previous ? previous.events.map(eventKey) : []);
    let fresh = 0;
    for (const event of doc.events) if (!before.has(eventKey(event))) fresh++;
    return fresh;
  },
  diagnostics: checkEvents,
  complete(doc, offset, env, max) {
    const event = eventAt(doc, offset);
    const limited = completeWithin(new EventView(event), offset - event.start, env, max);
    // Moved to document offsets in place: entries are built per call, and entries of one list share their span.
    const moved = new Map<Span, Span>();
    for (const e of limited.entries) {
      let span = moved.get(e.replace);
      if (!span) moved.set(e.replace, (span = shift(e.replace, event.start)));
      e.replace = span;
      if (e.additionalEdits) e.additionalEdits = e.additionalEdits.map((edit) => shiftEdit(edit, event.start));
    }
    return limited;
  },
  hover(doc, offset, env) {
    const event = eventAt(doc, offset);
    const result = hover(new EventView(event), offset - event.start, env);
    return result && { ...result, ...shift(result, event.start) };
  },
  inlayHints(doc, range, env) {
    const out = [];
    for (const event of doc.events) {
      if (event.start > range.end || event.start + event.text.length < range.start) continue;
      const local = { start: range.start - event.start, end: range.end - event.start };
      for (const hint of inlayHints(new EventView(event), local, env)) out.push({ ...hint, offset: hint.offset + event.start });
    }
    return out;
  },
  codeActions: (doc, range, { shown, sent, deferFixAll }, env) => codeActions(doc, env, range, shown, sent, deferFixAll),
  fixAll: (doc, code, env) => fixAllOf(doc, env, code),
  warmUp(env) {
    // The first top-level completion builds the candidates of every root name (once per catalog) and runs cold code.
    const text = env.format === 'yaml' ? 'a: 1\n' : '{"a": 1}';
    eventsKind.complete(parseEventDocument(text, env.format), env.format === 'yaml' ? 0 : 2, env, Infinity);
  },
  symbols: eventSymbols,
  *references(doc) {
    for (const event of doc.events) {
      for (const ref of collectFieldRefs(event.root)) yield workspaceRef(ref, 'carry', event.start, { object: holdsObjects(ref.value) });
      releaseTree(event);
    }
  },
  rename(doc, from, to) {
    const edits: TextEdit[] = [];
    for (const event of doc.events) {
      const view = new EventView(event);
      const answer = renameRefs(event.text, doc.format, view.refs, from, to, (ref, path) => moveKey(view, doc.format, ref, path), event.start);
      releaseTree(event);
      if ('refused' in answer) return { refused: `event ${event.index + 1}: ${answer.refused}` };
      edits.push(...answer.edits);
    }
    return { edits };
  },
  *writtenFields(doc) {
    const written = new Set<string>();
    for (const event of doc.events) {
      for (const ref of collectFieldRefs(event.root)) written.add(ref.joinedPath);
      releaseTree(event);
    }
    yield* written;
  },
};

/**
 * The events not checked yet, a batch at a time (each batch's trees released once checked, rebuilt only if a feature
 * needs them), then the whole document assembled from the per-event cache: settings, per-file rules, offsets, order.
 */
function* checkEvents(doc: EventDocument, env: FeatureEnv): Check {
  const before = checkCounter.events;
  const pending = doc.events.filter((e) => !hasFindings(e, env));
  for (let at = 0; at < pending.length; at += BATCH) {
    for (const event of pending.slice(at, at + BATCH)) {
      eventDiagnostics(event, env);
      releaseTree(event);
    }
    yield;
  }
  const diagnostics = checkDocument(doc, env);
  return { diagnostics, checked: checkCounter.events - before, total: doc.events.length, parts: 'events' };
}

/** Whether `text` starts with the same characters as `before`'s text, up to the end of its first event. */
function firstEventKept(before: EventDocument, text: string): boolean {
  const first: EventSlice | undefined = before.events[0];
  if (!first) return false;
  const end = first.start + first.text.length;
  return text.length >= end && before.text.slice(0, end) === text.slice(0, end);
}

function shift(span: Span, by: number): Span {
  return { start: span.start + by, end: span.end + by };
}

function shiftEdit(edit: TextEdit, by: number): TextEdit {
  return { start: edit.start + by, end: edit.end + by, newText: edit.newText };
}

/** Whether a key's value holds fields (an object, or a list of objects): a namespace, never a value. */
function holdsObjects(value: ValueNode | undefined): boolean {
  return value?.kind === 'object' || (value?.kind === 'array' && value.items.some((i) => i.kind === 'object'));
}

/** One entry per event, holding its field sets and fields as the event nests them. */
function eventSymbols(doc: EventDocument): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  for (const event of doc.events) {
    const root = event.root;
    const start = event.start;
    const end = start + event.text.length;
    const children = root?.kind === 'object' ? keySymbols(root, start) : [];
    releaseTree(event);
    out.push({ name: `event ${event.index + 1}`, kind: 'event', start, end, selection: { start, end: Math.min(end, start + 1) }, children });
  }
  return out;
}

/**
 * A key whose enclosing keys change with a rename: removed where it is and written at its new path, nested into the
 * objects the event already has there (or one dotted key when it was dotted). Local offsets.
 */
function moveKey(view: EventView, format: EventDocument['format'], ref: FieldRef, path: readonly string[]): TextEdit[] | string {
  const property = ref.property;
  const holder = containerOf(view.root, property);
  const removal = holder && removeProperty(view.text, format, holder, property);
  const value = property.value;
  if (!removal || !value) return `${ref.joinedPath} cannot be taken out of its object here`;
  const insert = insertField(view, format, path, movedValue(view.text, format, value), { dotted: ref.dotted });
  if (!insert) return `${path.join('.')} cannot be written here: a value stands on its path`;
  return [removal, insert];
}
