// PLACEHOLDER until the embedded-references modules land.
import type { EmbeddedRef, NameSite } from './types';

export function grokRefs(_text: string): EmbeddedRef[] {
  return [];
}

export function grokSiteAt(_text: string, _offset: number): NameSite | undefined {
  return undefined;
}
