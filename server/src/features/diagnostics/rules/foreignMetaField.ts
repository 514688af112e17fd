// foreign-meta-field: a file that uses `ecs.version`, the family's other meta field name, gets one diagnostic
// (not a cascade of unknown and missing fields), and one fix renaming it to schema.version in every event.
import type { EventView, FieldRef } from '../../../document/fieldRefs';
import { composeEdits, containerOf, EditStep, insertField, movedValue, objectAt, removeProperty, renameKey } from '../../edits';
import type { FwDiagnostic } from '../../types';
import { isRecord, refAtKey } from '../locate';
import type { Finding, Rule, RuleContext } from '../rule';
import { findingAt } from '../values';

const FOREIGN = 'ecs.version';

export const foreignMetaField: Rule = {
  code: 'foreign-meta-field',
  defaultSeverity: 'warning',
  title: 'Meta field of another schema family',
  spec: 'In this schema family the field set holding schema meta-information is named `schema` (field `schema.version`).',
  specSource: 'Document 1, introduction',
  reads: 'names',
  fixAllTitle: "Rename 'ecs.version' to 'schema.version' in the file",
  check(ctx) {
    return ctx.refsAt(FOREIGN).map((ref): Finding => findingAt(keyOf(ref).pathSpan, {
      message: "'ecs.version' is the meta field of another schema family; events of this schema state their version in 'schema.version'",
      data: { path: FOREIGN },
    }));
  },
  fixes(diagnostic, ctx) {
    const index = ctx.view.all(FOREIGN).findIndex((r) => refAtKey(ctx.view, diagnostic) === keyOf(r));
    const edit = index >= 0 ? composeEdits(ctx.view, ctx.format, steps(ctx, index)) : undefined;
    if (!edit) return [];
    return [{ title: "Rename 'ecs.version' to 'schema.version'", code: foreignMetaField.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
  },
  perFile: {
    suppresses(diagnostic: FwDiagnostic): boolean {
      const path = isRecord(diagnostic.data) ? diagnostic.data.path : undefined;
      if (typeof path !== 'string') return false;
      return (diagnostic.code === 'missing-required' && path === 'schema.version') || (diagnostic.code === 'unknown-field' && path.startsWith('ecs.'));
    },
  },
};

/** The key that names `ecs`: the dotted key itself, or the `ecs` key above a nested `version`. */
function keyOf(ref: FieldRef): FieldRef {
  return ref.first === 1 && ref.parent ? ref.parent : ref;
}

/**
 * Rename in place when nothing is in the way (`ecs` -> `schema`, `ecs.version` -> `schema.version`);
 * otherwise copy the value into schema.version (unless one is there) and remove ecs.version.
 */
function steps(ctx: RuleContext, index: number): EditStep[] {
  const ref = ctx.view.all(FOREIGN)[index];
  const view = ctx.view;
  const hasTarget = view.all('schema.version').length > 0;
  const schemaFree = !view.refs.some((r) => r.path[0] === 'schema');
  const onlyVersion = ref.first === 0 || objectAt(view, ['ecs'])?.properties.length === 1;
  const rename: EditStep = (v) => {
    const key = keyOf(v.all(FOREIGN)[index]);
    return renameKey(v.text, ctx.format, key.property, ref.first === 0 ? 'schema.version' : 'schema');
  };
  if (!hasTarget && onlyVersion && (ref.first === 0 || schemaFree)) return [rename];
  const remove: EditStep = (v) => removeForeign(v, ctx, v.all(FOREIGN)[index]);
  if (hasTarget) return [remove];
  const value = ref.value;
  if (!value) return [];
  const insert: EditStep = (v) => insertField(v, ctx.format, ['schema', 'version'], movedValue(view.text, ctx.format, value), { dotted: ref.dotted });
  return [insert, remove];
}

/** Removes ecs.version, or the whole `ecs` object when it holds nothing else. */
function removeForeign(view: EventView, ctx: RuleContext, ref: FieldRef | undefined): ReturnType<EditStep> {
  if (!ref) return undefined;
  const key = keyOf(ref);
  const ecsObject = ref.first === 1 ? objectAt(view, ['ecs']) : undefined;
  if (ecsObject && ecsObject.properties.length > 1) return removeProperty(view.text, ctx.format, ecsObject, ref.property);
  const holder = containerOf(view.root, key.property);
  return holder && removeProperty(view.text, ctx.format, holder, key.property);
}
