// PLACEHOLDER until the embedded-references modules land.
import type { EmbeddedRef, NameSite } from './types';

export function mustacheRefs(_text: string): EmbeddedRef[] {
  return [];
}

export function mustacheSiteAt(_text: string, _offset: number): NameSite | undefined {
  return undefined;
}
