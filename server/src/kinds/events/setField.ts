// Writing one field of an event for a quick fix: replace its value where it is written, or insert it beside a
// sibling (in the sibling's object, dotted or nested as the sibling is spelt), or remove it; and chaining such
// writes on the re-read event so several of them become one edit that cannot collide.
import type { EventView, FieldRef } from '../../document/fieldRefs';
import type { DocumentFormat } from '../../document/model';
import type { PlainScalar } from '../../document/syntaxes/writer';
import { verbatim } from '../../document/syntaxes/writer';
import { scalarText, writerFor } from '../../document/syntaxes/writerFor';
import { applyEdits, containerOf, EditStep, insertField, minimalEdit, overlaps, removeProperty, replaceValue, reread } from './edits';
import type { RuleContext } from '../../features/rule';
import type { TextEdit } from '../../features/types';

export interface SetOptions {
  /** A field written next to the new one (`source.domain` for `source.registered_domain`): the new key joins its object. */
  beside?: string;
  /** Insert the path as one dotted key where no sibling decides (the file's style). */
  dotted?: boolean;
}

/** Sets a field to a scalar: replaces the value written at the path, or inserts the field. */
export function setScalar(view: EventView, format: DocumentFormat, path: readonly string[], value: PlainScalar, options: SetOptions = {}): TextEdit | undefined {
  return setText(view, format, path, scalarText(value, format), (node) => replaceValue(format, node, value), options);
}

/** Sets a field to a value given as text (an array `["a", "b"]`): replaces the value written at the path, or inserts the field. */
export function setText(
  view: EventView,
  format: DocumentFormat,
  path: readonly string[],
  text: string,
  replace: (node: NonNullable<FieldRef['value']>) => TextEdit | undefined = (node) => ({ start: node.start, end: node.end, newText: text }),
  options: SetOptions = {},
): TextEdit | undefined {
  const written = view.all(path.join('.')).find((ref) => ref.value !== undefined);
  if (written?.value) return replace(written.value);
  const sibling = options.beside ? view.all(options.beside)[0] : undefined;
  if (sibling && sameParent(sibling.path, path)) {
    const object = containerOf(view.root, sibling.property);
    if (object) {
      const rest = path.slice(sibling.first);
      const edit = writerFor(format).insertKey(view.text, object, sibling.dotted ? [rest.join('.')] : rest, verbatim(text));
      if (edit) return edit;
    }
  }
  return insertField(view, format, path, text, { dotted: options.dotted });
}

function sameParent(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.slice(0, -1).every((segment, i) => segment === b[i]);
}

/** Removes a field's key, or the object above it when the field is all that object holds (no `"event": {}` is left). */
export function removeField(view: EventView, format: DocumentFormat, ref: FieldRef): TextEdit | undefined {
  let key = ref;
  let object = containerOf(view.root, key.property);
  while (object && object.properties.length === 1 && key.parent && key.parent.value === object) {
    key = key.parent;
    object = containerOf(view.root, key.property);
  }
  return object ? removeProperty(view.text, format, object, key.property) : undefined;
}

/** A list of scalars as a one-line array (`["a", "b"]`; YAML flow style `[a, b]`), compact (`["a","b"]`) in compact JSON text. */
export function arrayText(values: readonly PlainScalar[], format: DocumentFormat, text = ''): string {
  return listText(values.map((v) => scalarText(v, format)), format, text);
}

/** Items already written as text, as a one-line array in the style of `text`. */
export function listText(items: readonly string[], format: DocumentFormat, text = ''): string {
  const compact = format !== 'yaml' && text.includes(',') && !/[,:][ \t\r\n]/.test(text);
  return `[${items.join(compact ? ',' : ', ')}]`;
}

/** One write of a composed fix: the edits for the event as it reads after the writes before it; none when there is nothing left to do. */
export type Step = EditStep;

/**
 * Applies steps one after another, re-reading the event between them (steps with nothing to do are skipped),
 * and returns the whole change as one minimal edit of the original text; undefined when nothing changes or a step's edits collide.
 */
export function composeSteps(view: EventView, format: DocumentFormat, steps: readonly Step[]): TextEdit | undefined {
  let text = view.text;
  let current = view;
  for (const step of steps) {
    const result = step(current);
    const edits = result === undefined ? [] : Array.isArray(result) ? result : [result];
    if (edits.length === 0) continue;
    if (edits.some((a, i) => edits.some((b, j) => i < j && overlaps(a, b)))) return undefined;
    text = applyEdits(text, edits);
    current = reread(text, format);
  }
  return text === view.text ? undefined : minimalEdit(view.text, { start: 0, end: view.text.length, newText: text });
}

/** New keys are dotted where the file is meant to be flat, or where the event already writes its root keys dotted. */
export function prefersDotted(ctx: RuleContext): boolean {
  if (ctx.env.dottedKeys) return true;
  if (ctx.format !== 'yaml') return false;
  const root = ctx.view.root;
  if (root?.kind !== 'object') return false;
  const dotted = root.properties.filter((p) => p.key.includes('.')).length;
  const nested = root.properties.filter((p) => p.value?.kind === 'object').length;
  return dotted > nested;
}
