// Completion at a local offset of one event: key names valid where the caret is, or values of the field being filled.
import type { EventView } from '../document/fieldRefs';
import { contextAt } from '../document/positionContext';
import type { FeatureEnv } from './env';
import { keyCompletions } from './keyCompletion';
import type { CompletionEntry } from './types';
import { valueCompletions } from './valueCompletion';

export function complete(view: EventView, offset: number, env: FeatureEnv): CompletionEntry[] {
  const ctx = contextAt(view, offset, env.format === 'yaml' ? 'yaml' : 'json');
  switch (ctx.kind) {
    case 'key':
    case 'newKey':
      return keyCompletions(view, ctx, offset, env);
    case 'value':
      return valueCompletions(view, ctx, env);
    case 'none':
      return [];
  }
}
