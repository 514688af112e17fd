// Markdown about fields, objects and field sets: the short form documents completion items, the full form is the hover.
import type { Catalog, FieldDefinition, FieldSetInfo, Level, Resolution } from '../catalog/types';
import { entryOf, fieldSetNamed, levelOfPath, memoDoc } from './catalogIndex';
import { fieldDetail, typeLabel } from './levelBadge';

const MAX_LISTED = 12;

/** Inline code that survives backticks in the text. */
export function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

function codeList(values: readonly string[], max = Infinity): string {
  const shown = values.slice(0, max).map(code).join(', ');
  return values.length > max ? `${shown}, … (${values.length - max} more)` : shown;
}

/** The heading of every hover and completion document: the path, then what it is. */
function heading(path: string, summary: string): string {
  return `**${code(path)}** · ${summary}`;
}

/** `keyword` · **core** field · **deprecated**: the type and the level badge. */
function badgeSummary(type: string, level: Level | undefined, noun: string, flags: { deprecated?: string; beta?: string }): string {
  const parts = [`${code(type)}${level ? ` · **${level}**` : ''} ${noun}`];
  if (flags.deprecated !== undefined) parts.push('**deprecated**');
  if (flags.beta !== undefined) parts.push('**beta**');
  return parts.join(' · ');
}

/** Where a field set may sit: the placements the schema gives it. */
export function placementsLine(set: FieldSetInfo): string {
  const name = `field set ${code(set.name)}${set.title && set.title !== set.name ? ` (${set.title})` : ''}`;
  if (!set.defined) return `The schema names the ${name} but does not define its fields; it is used at ${codeList(set.placements, MAX_LISTED)}.`;
  const nestedOnly = !set.topLevel && set.placements.every((p) => p.includes('.'));
  if (nestedOnly) return `Part of the ${name}, valid only nested: at ${codeList(set.placements, MAX_LISTED)} (never at the root).`;
  if (set.placements.length <= 1) return `Part of the ${name}${set.prefix ? `, at the root as ${code(set.prefix)}` : ''}.`;
  return `Part of the ${name}, placed at ${codeList(set.placements, MAX_LISTED)}.`;
}

function flagLines(deprecated: string | undefined, beta: string | undefined): string[] {
  const out: string[] = [];
  if (deprecated !== undefined) out.push(`**Deprecated**${deprecated ? `: ${deprecated}` : '.'}`);
  if (beta !== undefined) out.push(`**Beta**${beta ? `: ${beta}` : '.'}`);
  return out;
}

function valueLines(field: FieldDefinition, max = Infinity): string[] {
  const out: string[] = [];
  if (field.allowed?.length) out.push(`Allowed values: ${codeList(field.allowed, max)}`);
  if (field.recommended?.length) out.push(`Recommended values: ${codeList(field.recommended, max)}`);
  return out;
}

function boundsLine(field: FieldDefinition): string | undefined {
  const { min, max } = field;
  if (min !== undefined && max !== undefined) return `Range: ${min} to ${max}`;
  if (min !== undefined) return `Minimum: ${min}`;
  if (max !== undefined) return `Maximum: ${max}`;
  return undefined;
}

/** Short documentation for a completion item: description, allowed values, deprecation. */
export function fieldSummaryMarkdown(field: FieldDefinition): string {
  return [heading(field.path, badgeSummary(typeLabel(field.type, field.array), field.level, 'field', field)), field.description, ...valueLines(field, MAX_LISTED), ...flagLines(field.deprecated, field.beta)]
    .filter((s) => s !== '')
    .join('\n\n');
}

/**
 * The documentation of a completion item for a path: a field's summary, or an intermediate object's; built once per
 * catalog (a list at the top level of an event documents hundreds of paths).
 */
export function completionDocs(catalog: Catalog, path: string): string {
  const field = catalog.lookup(path);
  if (field) return memoDoc(catalog, `f:${path}`, () => fieldSummaryMarkdown(field));
  return memoDoc(catalog, `o:${path}`, () => {
    const entry = entryOf(catalog, path.split('.'));
    return objectMarkdown(path, entry?.level, { fieldSet: entry?.fieldSet, deprecated: entry?.deprecated, beta: entry?.beta, description: entry?.description });
  });
}

/** The full hover for a defined field. */
export function fieldHoverMarkdown(field: FieldDefinition, catalog: Catalog): string {
  const facts: string[] = [];
  if (field.array) facts.push('Holds an array of values.');
  facts.push(...valueLines(field));
  if (field.multiFields?.length) facts.push(`Multi-fields: ${field.multiFields.map((m) => `${code(`${field.path}.${m.name}`)} (${m.type})`).join(', ')}`);
  if (field.pattern) facts.push(`Pattern: ${code(field.pattern)}${field.patternDescription ? ` — ${field.patternDescription}` : ''}`);
  const bounds = boundsLine(field);
  if (bounds) facts.push(bounds);
  if (field.maxLength !== undefined) facts.push(`Maximum length: ${field.maxLength} characters`);
  if (field.case) facts.push(`Written in ${field.case} case`);
  if (field.scalingFactor !== undefined) facts.push(`Scaling factor: ${field.scalingFactor}`);
  if (field.index === false) facts.push('Not indexed: retrievable from the stored document only.');
  if (field.open) facts.push('Open object: accepts any key.');
  if (field.flat) facts.push('Values must not be objects (flat key/value pairs).');
  if (field.allowedChildren?.length) facts.push(`Allowed children: ${codeList(field.allowedChildren)}`);
  const set = fieldSetNamed(catalog, field.origin.fieldSet);
  if (set) facts.push(placementsLine(set));
  if (field.origin.custom) facts.push(`Custom definition from ${code(field.origin.file)}.`);
  return [heading(field.path, badgeSummary(typeLabel(field.type, field.array), field.level, 'field', field)), field.description, ...flagLines(field.deprecated, field.beta), bullets(facts)]
    .filter((s) => s !== '')
    .join('\n\n');
}

/** Documentation of an intermediate object (`source`, `source.geo`): best level, set, placements. */
export function objectMarkdown(path: string, level: Level | undefined, extra: { fieldSet?: FieldSetInfo; deprecated?: string; beta?: string; description?: string } = {}): string {
  const set = extra.fieldSet;
  const description = extra.description || set?.description || '';
  const facts: string[] = [];
  if (set) facts.push(placementsLine(set));
  if (set?.open) facts.push('Open: accepts other children too.');
  return [heading(path, badgeSummary('object', level, 'object', extra)), description, ...flagLines(extra.deprecated, extra.beta), bullets(facts)]
    .filter((s) => s !== '')
    .join('\n\n');
}

function bullets(lines: readonly string[]): string {
  return lines.map((l) => `- ${l}`).join('\n');
}

/** The hover for any path, whatever the schema says about it. */
export function resolutionMarkdown(path: readonly string[], resolution: Resolution, catalog: Catalog): string {
  const dotted = path.join('.');
  switch (resolution.kind) {
    case 'field':
      return fieldHoverMarkdown(resolution.field, catalog);
    case 'object':
      return objectMarkdown(dotted, levelOfPath(catalog, path), resolution);
    case 'open': {
      const owner = catalog.lookup(resolution.owner);
      const ownerText = owner ? ` (${code(fieldDetail(owner))}): ${owner.description}` : '';
      return [heading(dotted, 'key of an open object'), `${code(resolution.owner)} accepts any key${ownerText}`].join('\n\n');
    }
    case 'undefinedSet': {
      const placement = entryOf(catalog, resolution.placement.split('.'));
      return [heading(dotted, 'undefined field set'), placementsLine(resolution.fieldSet), ...flagLines(placement?.deprecated, placement?.beta), 'Any name is accepted here.']
        .join('\n\n');
    }
    case 'nestedOnly':
      return [
        heading(dotted, 'nested-only field set'),
        `The field set ${code(resolution.fieldSet.name)} is not valid at the root; it belongs at ${codeList(resolution.validAt, MAX_LISTED)}.`,
      ].join('\n\n');
    case 'unknown': {
      const lines = [heading(dotted, 'unknown field'), `Not defined by the schema in the field set ${code(resolution.fieldSet.name)}.`];
      if (resolution.suggestions.length) lines.push(`Closest defined fields: ${codeList(resolution.suggestions)}`);
      return lines.join('\n\n');
    }
    case 'custom':
      return [
        heading(dotted, 'custom field (not defined by the schema; allowed)'),
        'Custom fields are independent of the schema; keep them under the name of the tool or project, or put simple keyword values in `labels`.',
      ].join('\n\n');
  }
}
