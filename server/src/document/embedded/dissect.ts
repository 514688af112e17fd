// PLACEHOLDER until the embedded-references modules land.
import type { EmbeddedRef, NameSite } from './types';

export function dissectRefs(_text: string): EmbeddedRef[] {
  return [];
}

export function dissectSiteAt(_text: string, _offset: number): NameSite | undefined {
  return undefined;
}
