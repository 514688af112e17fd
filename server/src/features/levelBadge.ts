// The level badge (core / extended / custom) as completion, hover and inlay hints show it.
import type { Catalog, Datatype, FieldDefinition, Level } from '../catalog/types';
import type { FieldRef } from '../document/fieldRefs';
import { levelOfPath } from './catalogIndex';
import type { InlayHintEntry } from './types';

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

/** The badge after a reference the schema knows (a field, or an intermediate object with its best level). */
export function levelHint(ref: FieldRef, catalog: Catalog): InlayHintEntry | undefined {
  const end = ref.segments[ref.segments.length - 1].end;
  const resolution = catalog.resolve(ref.path);
  const path = ref.joinedPath;
  if (resolution.kind === 'field') return { offset: end, label: resolution.field.level, tooltip: `${path}: ${fieldDetail(resolution.field)}` };
  if (resolution.kind !== 'object') return undefined;
  const level = levelOfPath(catalog, ref.path);
  return level && { offset: end, label: level, tooltip: `${path}: ${detailLine('object', level, resolution)}` };
}
