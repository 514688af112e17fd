// Where the catalog places a field set (`user` at user, user.target, source.user, ...), read once per catalog:
// rules about a set's fields follow every placement instead of a hard-coded list of paths.
import type { Catalog, FieldSetInfo } from '../../catalog/types';
import type { RuleContext } from '../../features/rule';

/** The field set of that name, if the catalog has it. */
export function fieldSetOf(catalog: Catalog, name: string): FieldSetInfo | undefined {
  return catalog.fieldSet(name);
}

/** The paths where a field set is placed (`['process', 'process.parent']`); [] when the catalog has no such set. */
export function placementsOf(catalog: Catalog, name: string): readonly string[] {
  return fieldSetOf(catalog, name)?.placements ?? [];
}

/** The placements of a set under which the event writes anything: most events touch one or two of a dozen. */
export function placementsWritten(ctx: RuleContext, name: string): string[] {
  return placementsOf(ctx.catalog, name).filter((prefix) => ctx.view.holds(prefix));
}
