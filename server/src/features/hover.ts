// Placeholder: the hover feature is being written.
import type { EventView } from '../document/fieldRefs';
import type { FeatureEnv } from './env';
import type { HoverResult } from './types';

export function hover(_view: EventView, _offset: number, _env: FeatureEnv): HoverResult | undefined {
  return undefined;
}
