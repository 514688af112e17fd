// Placeholder: the completion feature is being written.
import type { EventView } from '../document/fieldRefs';
import type { FeatureEnv } from './env';
import type { CompletionEntry } from './types';

export function complete(_view: EventView, _offset: number, _env: FeatureEnv): CompletionEntry[] {
  return [];
}
