// The quick fixes of the name rules (features/rules/) in an event document: rewriting an event's keys is the events
// kind's own business, so the shared rules carry the check and this file the events' repairs, by code.
import type { EventView, FieldRef } from '../../document/fieldRefs';
import { isRecord, refAtKey, stringList } from '../../features/locate';
import type { Rule, RuleContext } from '../../features/rule';
import { customNameStyle } from '../../features/rules/customNameStyle';
import { FOREIGN, foreignMetaField, keyOf } from '../../features/rules/foreignMetaField';
import { unknownField } from '../../features/rules/unknownField';
import { keywordOf, unnamespacedCustomField } from '../../features/rules/unnamespacedCustomField';
import { composeEdits, containerOf, EditStep, insertField, movedValue, objectAt, removeProperty, renameKey } from './edits';
import { composeSteps, prefersDotted, removeField, setScalar } from './setField';

type EventFixes = Pick<Rule, 'fixes' | 'fixEvent' | 'fixAllTitle'>;

const fixesByCode: Readonly<Record<string, EventFixes>> = {
  [unknownField.code]: {
    fixes(diagnostic, ctx) {
      const ref = refAtKey(ctx.view, diagnostic);
      const data = diagnostic.data;
      if (!ref || !isRecord(data)) return [];
      const rest = stringList(data.rest);
      const prefix = ref.path.slice(0, ref.first);
      return stringList(data.suggestions).flatMap((suggestion, i) => {
        const target = [...suggestion.split('.'), ...rest];
        if (prefix.some((name, k) => target[k] !== name) || ctx.view.get(target.join('.'))) return [];
        const newKey = target.slice(ref.first).join('.');
        // A nested key stays one name: renaming it to a dotted one would change the document's style.
        if (newKey.includes('.') && !ref.dotted) return [];
        return [{
          title: `Rename to '${suggestion}'`,
          code: unknownField.code,
          kind: 'quickfix' as const,
          isPreferred: i === 0,
          edits: [renameKey(ctx.view.text, ctx.format, ref.property, newKey)],
        }];
      });
    },
  },
  [customNameStyle.code]: {
    fixes(diagnostic, ctx) {
      const ref = refAtKey(ctx.view, diagnostic);
      const data = diagnostic.data;
      if (!ref || !isRecord(data) || typeof data.index !== 'number' || typeof data.name !== 'string') return [];
      const segments = ref.property.key.split('.');
      if (data.index < 0 || data.index >= segments.length) return [];
      segments[data.index] = data.name;
      return [{ title: `Rename to '${data.name}'`, code: customNameStyle.code, kind: 'quickfix', isPreferred: true, edits: [renameKey(ctx.view.text, ctx.format, ref.property, segments.join('.'))] }];
    },
  },
  [foreignMetaField.code]: {
    fixAllTitle: "Rename 'ecs.version' to 'schema.version' in the file",
    fixes(diagnostic, ctx) {
      const index = ctx.view.all(FOREIGN).findIndex((r) => refAtKey(ctx.view, diagnostic) === keyOf(r));
      const edit = index >= 0 ? composeEdits(ctx.view, ctx.format, steps(ctx, index)) : undefined;
      if (!edit) return [];
      return [{ title: "Rename 'ecs.version' to 'schema.version'", code: foreignMetaField.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
    },
  },
  [unnamespacedCustomField.code]: {
    fixAllTitle: 'Move all custom root values into labels',
    fixes(diagnostic, ctx) {
      const data = diagnostic.data;
      if (!isRecord(data) || typeof data.name !== 'string' || typeof data.keyword !== 'string') return [];
      const { name, keyword } = data as { name: string; keyword: string };
      // The root key holding the scalar (a name written twice may also hold an object).
      const rootKey = (view: EventView) => view.all(name).find((ref) => ref.first === 0 && !ref.dotted && ref.value !== undefined && keywordOf(ref.value) !== undefined);
      const edit = composeSteps(ctx.view, ctx.format, [
        (view) => (rootKey(view) ? setScalar(view, ctx.format, ['labels', name], keyword, { dotted: prefersDotted(ctx) }) : undefined),
        (view) => {
          const ref = rootKey(view);
          return ref && removeField(view, ctx.format, ref);
        },
      ]);
      if (!edit) return [];
      return [{ title: `Move '${name}' into labels (labels.${name}: "${keyword}")`, code: unnamespacedCustomField.code, kind: 'quickfix', isPreferred: true, edits: [edit] }];
    },
  },
};

/** A name rule as the events kind reports it: the shared check with the event document's fixes. */
export function withEventFixes(rule: Rule): Rule {
  const fixes = fixesByCode[rule.code];
  return fixes ? { ...rule, ...fixes } : rule;
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

