// Completion at a local offset of one event: key names valid where the caret is, or values of the field being filled.
import type { EventView } from '../../document/fieldRefs';
import { contextAt } from '../../document/positionContext';
import type { FeatureEnv } from '../../features/env';
import { keyCompletions } from '../../features/keyCompletion';
import { typedBefore, withinLimit } from '../../features/completionLimit';
import type { CompletionEntry, LimitedCompletion } from '../../features/types';
import { valueCompletions } from '../../features/valueCompletion';

export function complete(view: EventView, offset: number, env: FeatureEnv): CompletionEntry[] {
  return completeWithin(view, offset, env, Infinity).entries;
}

/** At most `max` entries (`completionLimit.ts`), and whether some were left out. */
export function completeWithin(view: EventView, offset: number, env: FeatureEnv, max: number): LimitedCompletion {
  const ctx = contextAt(view, offset, env.format === 'yaml' ? 'yaml' : 'json');
  switch (ctx.kind) {
    case 'key':
    case 'newKey':
      return keyCompletions(view, ctx, offset, env, max);
    case 'value':
      return withinLimit(valueCompletions(view, ctx, env), typedBefore(view.text, offset), max);
    case 'none':
      return { entries: [], incomplete: false };
  }
}
