// The catalog against the spec itself: every row of every field table and prose field list in documents 1 and 2,
// read at test time, so a definition that drifts from the spec (or a row nobody defined) fails here.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadCatalog } from '../../server/src/catalog';
import type { Catalog, FieldDefinition } from '../../server/src/catalog/types';

const SEEDS_DIR = resolve(__dirname, '../..', '../shared/seeds');
const DATATYPES = [
  'keyword', 'long', 'integer', 'float', 'half_float', 'scaled_float', 'date', 'ip', 'text', 'boolean', 'object', 'geo_point',
];

// ---------- reading the spec ----------

interface Section { heading: string; depth: number; lines: string[] }

/** One row of a field table or one name of a prose field list, with its concrete paths in an event. */
interface SpecRow {
  section: string;
  name: string;
  type: string;
  level: string;
  array: boolean;
  /** The table's Rule column ('' for prose lists and tables without one). */
  rule: string;
  /** `{side}` rows expand to client/server/source/destination; nested-only sets to their placements. */
  paths: string[];
}

function seedText(documentNumber: number): string {
  const prefix = String(documentNumber - 1).padStart(3, '0') + '_';
  const file = readdirSync(SEEDS_DIR).find((f) => f.startsWith(prefix) && f.endsWith('.txt'));
  if (!file) throw new Error(`no seed document ${documentNumber} (${prefix}*.txt) in ${SEEDS_DIR}`);
  return readFileSync(join(SEEDS_DIR, file), 'utf8');
}

function splitSections(doc: string): Section[] {
  const out: Section[] = [];
  let current: Section | undefined;
  for (const line of doc.split('\n')) {
    const heading = /^(#{1,6}) (.*)$/.exec(line);
    if (heading) {
      current = { heading: heading[2], depth: heading[1].length, lines: [] };
      out.push(current);
    } else current?.lines.push(line);
  }
  return out;
}

/** "### Event fields", "### Hash fields (all type keyword, level extended)"; "Custom fields" is about non-schema fields. */
function isFieldSection(section: Section): boolean {
  return section.depth === 3 && /^.+ fields( \(.*\))?$/.test(section.heading) && section.heading !== 'Custom fields';
}

/** Markdown tables of a section as rows of cells, the header first. */
function tablesOf(lines: readonly string[]): string[][][] {
  const tables: string[][][] = [];
  let current: string[][] | undefined;
  for (const line of lines) {
    if (!line.startsWith('|')) { current = undefined; continue; }
    const cells = line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
    if (cells.every((c) => /^-+$/.test(c))) continue;
    if (!current) tables.push((current = []));
    current.push(cells);
  }
  return tables;
}

/** Type and level a heading gives all its fields: "(os; all keyword, level extended)". */
function headingDefaults(heading: string): { type?: string; level?: string } {
  const note = /\(([^)]*)\)$/.exec(heading)?.[1] ?? '';
  return {
    type: DATATYPES.find((t) => new RegExp(`\\b${t}\\b`).test(note)),
    level: /\blevel (core|extended|custom)\b/.exec(note)?.[1],
  };
}

/** The first sentence of `text` (a period followed by a space or the end; dots inside names do not count). */
function firstSentence(text: string): string {
  return text.split(/\.(?:\s|$)/)[0];
}

/** "Nested only at a, b and c": the placements of a nested-only set, when its section says so. */
function nestedOnlyAt(section: Section): string[] | undefined {
  const match = /nested only at (.*?)(?:;|\.(?:\s|$)|$)/i.exec(section.lines.join(' '));
  return match?.[1].split(/,|\band\b/).map((s) => s.trim()).filter(Boolean);
}

/** Rows of a section: its field tables, or the prose list in its first paragraph (Git, Hash, Tracing ...). */
function rawRows(section: Section): Omit<SpecRow, 'paths'>[] {
  const defaults = headingDefaults(section.heading);
  const fieldTables = tablesOf(section.lines).filter((t) => t[0][0] === 'Field');
  const rows: Omit<SpecRow, 'paths'>[] = [];
  for (const [header, ...body] of fieldTables) {
    for (const cells of body) {
      const cell = (column: string) => { const i = header.indexOf(column); return i < 0 ? undefined : cells[i]; };
      const name = cell('Field') ?? '';
      const typeCell = cell('Type') ?? defaults.type;
      const level = cell('Level') ?? defaults.level;
      const rule = cell('Rule') ?? '';
      if (!typeCell || !level) throw new Error(`${section.heading}: row ${name} has no type or level`);
      const type = typeCell.split(' ')[0];
      if (!DATATYPES.includes(type)) throw new Error(`${section.heading}: row ${name} has an unknown type "${typeCell}"`);
      // "keyword (array)" in the type column, or a Rule that starts "Array;" (rule.author).
      rows.push({ section: section.heading, name, type, level, rule, array: /\(array\)/.test(typeCell) || /^Array\b/.test(rule) });
    }
  }
  if (fieldTables.length > 0) return rows;
  if (!defaults.type || !defaults.level) throw new Error(`${section.heading}: no field table and no type and level in the heading`);
  const paragraph = section.lines.find((l) => l.trim() !== '') ?? '';
  // Parentheses are notes on the name before them; only "(array)" changes the definition.
  const plain = paragraph.replace(/\s*\(([^)]*)\)/g, (_all, note: string) => (note === 'array' ? '[array]' : ''));
  let list = firstSentence(plain);
  if (list.includes(':')) list = list.slice(list.lastIndexOf(':') + 1);
  for (const item of list.split(/[;,]|\band\b/).map((s) => s.trim())) {
    const match = /^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)(\[array\])?$/.exec(item);
    if (!match) throw new Error(`${section.heading}: cannot read "${item}" as a field name`);
    rows.push({ section: section.heading, name: match[1], type: defaults.type, level: defaults.level, rule: '', array: !!match[2] });
  }
  return rows;
}

/** "Replace `{side}` by client, server, source or destination." */
function sideNames(doc: string): string[] {
  const match = /Replace `\{side\}` by ([^.]*)\./.exec(doc);
  if (!match) throw new Error('document 1 does not say what {side} stands for');
  return match[1].split(/,|\bor\b/).map((s) => s.trim()).filter(Boolean);
}

function concretePaths(name: string, sides: readonly string[], nestedAt: readonly string[] | undefined): string[] {
  if (name.startsWith('{side}.')) return sides.map((side) => side + name.slice('{side}'.length));
  if (nestedAt) return nestedAt.map((placement) => placement + name.slice(name.indexOf('.')));
  return [name];
}

/** "Fields of the field sets code_signature, elf, ... and related (...) are not shown". */
function undefinedSetNames(doc: string): string[] {
  const match = /Fields of the field sets (.*?) \(beyond/.exec(doc);
  if (!match) throw new Error('document 1 does not list the field sets it leaves undefined');
  return match[1].split(/,|\band\b/).map((s) => s.trim()).filter(Boolean);
}

/** A nested reuse the spec names (`process.parent.* (process)`), with the set placed there. */
interface SpecReuse { path: string; set: string; note: string; line: string }

/** Every `x.y.*` item on the spec's "Nested reuses" lines. */
function nestedReuses(docs: readonly string[], knownSets: ReadonlySet<string>, sides: readonly string[]): SpecReuse[] {
  const out: SpecReuse[] = [];
  for (const line of docs.flatMap((d) => d.split('\n')).filter((l) => l.startsWith('Nested reuses'))) {
    const setOfLine = /of the (\w+) set/.exec(line)?.[1];
    for (const m of line.matchAll(/`?((?:\{side\}|[a-z_]+)(?:\.[a-z0-9_]+)*)\.\*`?(?:\s*\(([^)]*)\))?/g)) {
      const note = m[2] ?? '';
      const last = m[1].split('.').pop() ?? '';
      const noteSet = /^[a-z_]+/.exec(note)?.[0];
      // The set is named by the last segment (host.geo), else by the note (process.parent.* (process)), else by the line.
      const set = knownSets.has(last) ? last : noteSet && knownSets.has(noteSet) ? noteSet : setOfLine;
      if (!set) throw new Error(`cannot tell which set is placed at ${m[1]}: ${line}`);
      for (const path of concretePaths(m[1], sides, undefined)) out.push({ path, set, note, line });
    }
  }
  return out;
}

interface Spec {
  rows: SpecRow[];
  sectionsRead: string[];
  nestedOnly: { set: string; placements: string[] }[];
  undefinedSets: string[];
  reuses: SpecReuse[];
  limits: string[][];
  textOnly: string[];
  version: string;
}

function readSpec(): Spec {
  const docs = [seedText(1), seedText(2)];
  const sides = sideNames(docs[0]);
  const fieldSections = docs.flatMap(splitSections).filter(isFieldSection);
  const rows: SpecRow[] = [];
  const nestedOnly: Spec['nestedOnly'] = [];
  for (const section of fieldSections) {
    const nestedAt = nestedOnlyAt(section);
    const sectionRows = rawRows(section);
    if (sectionRows.length === 0) throw new Error(`${section.heading}: no fields read`);
    if (nestedAt) nestedOnly.push({ set: sectionRows[0].name.split('.')[0], placements: nestedAt });
    for (const row of sectionRows) rows.push({ ...row, paths: concretePaths(row.name, sides, nestedAt) });
  }
  const undefinedSets = undefinedSetNames(docs[0]);
  const knownSets = new Set([...rows.map((r) => r.name.split('.')[0]), ...undefinedSets]);
  const limitsTable = docs.flatMap(splitSections).flatMap((s) => tablesOf(s.lines)).find((t) => t[0].join('|') === 'Subject|Bound');
  if (!limitsTable) throw new Error('document 1 has no Limits table (Subject | Bound)');
  const textExceptions = /\| Text exceptions \| (.*) are text only/.exec(docs[0]);
  if (!textExceptions) throw new Error('document 1 has no "Text exceptions" convention');
  const version = /The described schema version is (\S+?)\.(?:\s|$)/.exec(docs[0]);
  if (!version) throw new Error('document 1 does not state the schema version');
  return {
    rows,
    sectionsRead: fieldSections.map((s) => s.heading),
    nestedOnly,
    undefinedSets,
    reuses: nestedReuses(docs, knownSets, sides),
    limits: limitsTable.slice(1),
    textOnly: [...textExceptions[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]),
    version: version[1],
  };
}

// ---------- checking the catalog ----------

const spec = readSpec();
let catalog: Catalog;
before(() => {
  catalog = loadCatalog();
});

/** Runs `check` on every concrete path of every row `applies` selects; one message per mismatch. */
function problemsOver(applies: (row: SpecRow) => boolean, check: (field: FieldDefinition, row: SpecRow) => string | undefined): string[] {
  const problems: string[] = [];
  for (const row of spec.rows.filter(applies)) {
    for (const path of row.paths) {
      const field = catalog.lookup(path);
      if (!field) { problems.push(`${path}: not defined (${row.section})`); continue; }
      const problem = check(field, row);
      if (problem) problems.push(`${path}: ${problem}`);
    }
  }
  return problems;
}

/** The comma-separated value list after a lead-in, up to the end of its sentence. */
function valuesAfter(rule: string, leadIn: RegExp): string[] | undefined {
  const match = leadIn.exec(rule);
  if (!match) return undefined;
  const list = firstSentence(rule.slice(match.index + match[0].length)).split(/[(;]/)[0];
  return list.split(',').map((v) => v.trim()).filter(Boolean);
}

const sorted = (values: readonly string[] | undefined) => [...(values ?? [])].sort();
const sameSet = (a: readonly string[] | undefined, b: readonly string[]) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

test('the spec documents yield fields for every field section', () => {
  // Reading is strict (an unreadable row throws), so this guards against a section silently read as empty.
  const empty = spec.sectionsRead.filter((heading) => !spec.rows.some((row) => row.section === heading));
  assert.deepEqual(empty, []);
  assert.ok(spec.rows.some((row) => row.name.startsWith('{side}.')), 'the {side} table was read');
});

test('every table row and prose-listed field is defined with its type, level and array-ness', () => {
  assert.deepEqual(problemsOver(() => true, (field, row) => {
    const want = `${row.type}/${row.level}/${row.array ? 'array' : 'single'}`;
    const got = `${field.type}/${field.level}/${field.array ? 'array' : 'single'}`;
    return want === got ? undefined : `expected ${want}, got ${got}`;
  }), []);
});

test('allowed and recommended values are the ones the spec lists', () => {
  const allowedIn = (rule: string) => valuesAfter(rule, /\bAllowed: /) ?? valuesAfter(rule, /^One of /);
  const recommendedIn = (rule: string) => valuesAfter(rule, /\bRecommended values: /);
  const rows = spec.rows.filter((r) => allowedIn(r.rule) || recommendedIn(r.rule));
  assert.ok(rows.length > 0, 'the spec lists allowed values');
  assert.deepEqual(problemsOver((r) => rows.includes(r), (field, row) => {
    const allowed = allowedIn(row.rule);
    const recommended = recommendedIn(row.rule);
    if (allowed && !sameSet(field.allowed, allowed)) return `allowed ${String(field.allowed)} != ${String(allowed)}`;
    if (recommended && !sameSet(field.recommended, recommended)) return `recommended ${String(field.recommended)} != ${String(recommended)}`;
    return undefined;
  }), []);
});

test('text multi-fields follow the Text convention and its exceptions', () => {
  assert.deepEqual(problemsOver((r) => /multi-field\b.*\.text \(text\)/.test(r.rule), (field) =>
    field.multiFields?.some((m) => m.name === 'text' && m.type === 'text') ? undefined : 'has no .text multi-field of type text'), []);
  assert.ok(spec.textOnly.length > 0, 'the Text exceptions name fields');
  for (const path of spec.textOnly) {
    const field = catalog.lookup(path);
    assert.equal(field?.type, 'text', `${path} is text`);
    assert.equal(field?.multiFields?.length ?? 0, 0, `${path} has no multi-field`);
  }
});

// Properties a Rule cell states in words, each with the catalog answer it implies.
const ruleChecks: { what: string; applies: RegExp; check: (field: FieldDefinition, row: SpecRow) => string | undefined }[] = [
  { what: 'lower case', applies: /\blower[ -]case\b/i, check: (f) => (f.case === 'lower' ? undefined : `case ${f.case}`) },
  { what: 'upper-case fingerprints', applies: /^Uppercase\b/, check: (f) => {
    const pattern = f.pattern ? new RegExp(f.pattern) : undefined;
    // Hex digits of whatever length the pattern wants: accepted in upper case, rejected in lower case.
    const sample = Array.from({ length: 128 }, (_, i) => '0F'.repeat(64).slice(0, i + 1)).find((s) => pattern?.test(s));
    return f.case === 'upper' && sample && !pattern?.test(sample.toLowerCase()) ? undefined : `case ${f.case}, pattern ${f.pattern}`;
  } },
  { what: 'not indexed', applies: /\bnot indexed\b/, check: (f) => (f.index === false ? undefined : `index ${f.index}`) },
  { what: 'deprecated', applies: /^Deprecated\b/, check: (f, row) => {
    const successor = /superseded by ([a-z_.]+)/.exec(row.rule)?.[1];
    return f.deprecated && (!successor || f.deprecated.includes(successor)) ? undefined : `deprecated ${f.deprecated}`;
  } },
  { what: 'flat objects', applies: /no nested objects/, check: (f) => (f.type === 'object' && f.flat === true ? undefined : `flat ${f.flat}`) },
  { what: 'open key/value objects', applies: /key\/values?\b/, check: (f) => {
    const below = catalog.resolve([...f.path.split('.'), 'any_key']);
    return below.kind === 'open' ? undefined : `a key below resolves as ${below.kind}`;
  } },
  { what: 'allowed children', applies: /allowed fields /, check: (f, row) => {
    const want = (/allowed fields (.*)$/.exec(row.rule)?.[1] ?? '').split(/,|\band\b/).map((s) => s.trim()).filter(Boolean);
    return sameSet(f.allowedChildren, want) ? undefined : `allowedChildren ${String(f.allowedChildren)}`;
  } },
  { what: 'scaling factor', applies: /scaling factor \d+/, check: (f, row) =>
    f.scalingFactor === Number(/scaling factor (\d+)/.exec(row.rule)?.[1]) ? undefined : `scalingFactor ${f.scalingFactor}` },
  { what: 'MAC notation', applies: /RFC 7042/, check: (f) => {
    const pattern = f.pattern ? new RegExp(f.pattern) : undefined;
    const ok = pattern && pattern.test('00-00-5E-00-53-23') && pattern.test('00-00-5E-10-00-00-00-00') && !pattern.test('00:00:5e:00:53:23');
    return ok && f.patternDescription ? undefined : `pattern ${f.pattern}`;
  } },
];

for (const { what, applies, check } of ruleChecks) {
  test(`rule-stated property: ${what}`, () => {
    assert.ok(spec.rows.some((r) => applies.test(r.rule)), `the spec states ${what} somewhere`);
    assert.deepEqual(problemsOver((r) => applies.test(r.rule), check), []);
  });
}

test('the Limits table bounds numbers and lengths', () => {
  const problems: string[] = [];
  for (const [subject, bound] of spec.limits) {
    const range = /^(\d+) to (\d+)\b/.exec(bound);
    const length = /truncated to (\d+) characters/.exec(bound);
    if (!range && !length) throw new Error(`cannot read the limit "${bound}" of ${subject}`);
    const field = catalog.lookup(subject);
    if (!field) { problems.push(`${subject}: not defined`); continue; }
    if (range && (field.min !== Number(range[1]) || field.max !== Number(range[2]))) {
      problems.push(`${subject}: ${field.min}..${field.max}, spec ${bound}`);
    }
    if (length && field.maxLength !== Number(length[1])) problems.push(`${subject}: maxLength ${field.maxLength}, spec ${bound}`);
  }
  assert.deepEqual(problems, []);
});

test('schema.version: the catalog carries the spec version and its pattern accepts only major.minor.patch', () => {
  assert.equal(catalog.version, spec.version.split('-')[0]);
  const pattern = catalog.lookup('schema.version')?.pattern;
  assert.ok(pattern, 'schema.version has a pattern');
  assert.match(catalog.version, new RegExp(pattern));
  const [major, minor] = catalog.version.split('.');
  assert.doesNotMatch(`${major}.${minor}`, new RegExp(pattern));
  assert.doesNotMatch(`${catalog.version}-7`, new RegExp(pattern));
});

test('nested-only sets are rejected at the root and name where they belong', () => {
  assert.ok(spec.nestedOnly.length > 0, 'the spec names nested-only sets');
  for (const { set, placements } of spec.nestedOnly) {
    const row = spec.rows.find((r) => r.name.startsWith(`${set}.`));
    assert.ok(row, `a row of ${set}`);
    const resolution = catalog.resolve(row.name.split('.'));
    assert.equal(resolution.kind, 'nestedOnly', `${row.name} at the root`);
    if (resolution.kind !== 'nestedOnly') continue;
    const missing = placements.filter((p) => !resolution.validAt.includes(p));
    assert.deepEqual(missing, [], `${set}: placements the spec names`);
    // Beyond the spec's list only a listed placement carried by a reuse it names (process.hash -> process.parent.hash).
    const carried = (extra: string) => placements.some((p) => spec.reuses.some((r) =>
      p.startsWith(`${r.set}.`) && r.path !== r.set && extra === r.path + p.slice(r.set.length)));
    assert.deepEqual(resolution.validAt.filter((p) => !placements.includes(p) && !carried(p)), [], `${set}: unexplained placements`);
  }
});

test('every nested reuse the spec names is expanded with the placed set', () => {
  assert.ok(spec.reuses.length > 0, 'the spec names nested reuses');
  const undefinedSets = new Set(spec.undefinedSets);
  const problems: string[] = [];
  for (const reuse of spec.reuses) {
    if (undefinedSets.has(reuse.set)) {
      const resolution = catalog.resolve(reuse.path.split('.'));
      if (resolution.kind !== 'undefinedSet' || resolution.fieldSet.name !== reuse.set) {
        problems.push(`${reuse.path}: resolves as ${resolution.kind}, expected the undefined set ${reuse.set}`);
      }
      if (/\bbeta\b/.test(reuse.note)) {
        const parent = reuse.path.split('.');
        const name = parent.pop();
        const entry = catalog.children(parent).find((c) => c.name === name);
        if (!entry?.beta) problems.push(`${reuse.path}: not offered as a beta child of ${parent.join('.')}`);
      }
      continue;
    }
    const setRows = spec.rows.filter((r) => r.name.startsWith(`${reuse.set}.`));
    if (setRows.length === 0) { problems.push(`${reuse.path}: the spec defines no rows for ${reuse.set}`); continue; }
    for (const row of setRows) {
      const path = `${reuse.path}.${row.name.slice(reuse.set.length + 1)}`;
      const field = catalog.lookup(path);
      if (!field) { problems.push(`${path}: not defined (${reuse.set} at ${reuse.path})`); continue; }
      if (field.type !== row.type || field.level !== row.level || field.array !== row.array) {
        problems.push(`${path}: ${field.type}/${field.level}/${field.array}, spec ${row.type}/${row.level}/${row.array}`);
      }
      if (/\bdeprecated\b/.test(reuse.note) && !field.deprecated) problems.push(`${path}: not marked deprecated`);
    }
  }
  assert.deepEqual(problems, []);
});

test('a set reused inside itself is placed one level deep only', () => {
  // Document 2: "Process fields may also appear at the root and at process.parent" - not at process.parent.parent.
  assert.ok(catalog.lookup('process.parent.pid'), 'process.parent.pid is defined');
  assert.equal(catalog.lookup('process.parent.parent.pid'), undefined);
  assert.ok(catalog.lookup('user.target.name'), 'user.target.name is defined');
  assert.equal(catalog.lookup('user.target.target.name'), undefined);
});

test('the sets the spec names but does not define are known and undefined', () => {
  const known = new Map(catalog.fieldSets().map((s) => [s.name, s]));
  const problems = spec.undefinedSets.filter((name) => known.get(name)?.defined !== false);
  assert.deepEqual(problems, []);
});
