// The level badge (core / extended / custom) as completion, hover and inlay hints show it.
import type { Datatype, FieldDefinition, Level } from '../catalog/types';

const RANK: Record<Level, number> = { core: 0, extended: 1, custom: 2 };

/** Core first, then extended, then custom: the sort order of every list Fieldwise shows. */
export function levelRank(level: Level | undefined): number {
  return level === undefined ? 3 : RANK[level];
}

/** The type as users read it: `keyword`, `keyword[]` for arrays. */
export function typeLabel(type: Datatype | 'object', array = false): string {
  return array ? `${type}[]` : type;
}

/** The one-line summary next to a name: `keyword · core`, `object · extended · deprecated`. */
export function detailLine(type: Datatype | 'object', level: Level | undefined, flags: { array?: boolean; deprecated?: string; beta?: string } = {}): string {
  const parts = [typeLabel(type, flags.array)];
  if (level) parts.push(level);
  if (flags.deprecated !== undefined) parts.push('deprecated');
  if (flags.beta !== undefined) parts.push('beta');
  return parts.join(' · ');
}

/** The summary of a defined field. */
export function fieldDetail(field: FieldDefinition): string {
  return detailLine(field.type, field.level, field);
}
