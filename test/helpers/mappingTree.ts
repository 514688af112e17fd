// The mappings `fieldwise fields` prints (index template, component templates) as the tests walk them: every object
// on a path the test reads is assumed to have `properties`, so a missing one fails the test where it is read.

/** One mapped name: its parameters, and the names under it. */
export interface MappingTree {
  type?: string;
  properties: Record<string, MappingTree>;
  fields?: Record<string, MappingTree>;
  [parameter: string]: unknown;
}

/** A template's body as the tests read it: `template.mappings` (composable and component templates). */
export interface TemplateBody {
  template: { settings?: { index: { mapping: { total_fields: { limit: number } } } }; mappings: { properties: Record<string, MappingTree> } };
}
