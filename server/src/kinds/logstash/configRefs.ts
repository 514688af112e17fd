// Every field a Logstash config names, read with the plugin table (schema/logstash/plugins.yml): the options that
// name fields (a field reference, a list of them, hash keys and values, sprintf templates, grok and dissect patterns,
// Ruby's Event API, date's source), the selectors of conditions, and what a plugin writes without naming it in its
// ECS mode (geoip's, useragent's and syslog_pri's fields, date's @timestamp, a named grok pattern's captures, a
// target's default). Each reference is placed in the order Logstash runs it: plugins in file order, mutate's
// operations in their fixed order, the options every filter takes after the plugin's own work.
import {
  type EcsMode, type FieldAccess, isEcsMode, type LogstashOption, type LogstashPlugin, type LogstashPluginTable, type PluginSection,
} from '../../catalog/logstashPlugins';
import { NamedRef, type NamedRefDetail, type RefRole } from '../../document/fieldRefs';
import type { Span } from '../../document/model';
import type {
  AttributeNode, BarewordNode, ConditionNode, ExpressionNode, LogstashParse, PluginNode, RValueNode, SectionType, StatementNode, StringNode, ValueNode,
} from '../../document/syntaxes/logstash';
import { dissectKeys } from './refs/dissectKeys';
import { type FieldReference, isMetadata, parseFieldReference } from './refs/fieldReference';
import { grokCaptures } from './refs/grokCaptures';
import { rubyRefs } from './refs/rubyCode';
import { sprintfParts } from './refs/sprintf';

/** A plugin of the config as the kind reads it. */
export interface PluginSite {
  /** The section it is in; undefined under a section Logstash does not know. */
  readonly section: PluginSection | undefined;
  readonly node: PluginNode;
  /** The table's entry; undefined for a plugin the table does not model (plugins are installable). */
  readonly spec: LogstashPlugin | undefined;
  /** Its ECS-compatibility mode: its own option, else the pipeline's. */
  readonly mode: EcsMode;
  /** Its position among the config's plugins, in file order. */
  readonly index: number;
  /** The first setting of each name (Logstash takes the last; a repeated one is the rules' to tell). */
  readonly options: ReadonlyMap<string, AttributeNode>;
  /** Options the table requires that have no value and no default in this mode, with why. */
  readonly required: ReadonlyArray<{ option: LogstashOption; reason?: string }>;
}

/** A field reference with what the kind knows of it. */
export interface ConfigRef {
  /** The path as the schema reads it (what every feature and rule works on). */
  readonly ref: NamedRef;
  /** The reference as written; undefined for a field written by default (`ref.detail.implied`). */
  readonly written: FieldReference | undefined;
  readonly access: FieldAccess;
  /** When Logstash touches it, relative to the config's other references. */
  readonly order: number;
  /** The plugin that names it; undefined for a condition's selector. */
  readonly site: PluginSite | undefined;
  /**
   * The conditional branches it is inside, outermost first, as `3/7/` (each branch's number in the file, then `/`);
   * `` at a section's top: a removal applies to the writes of its own branches and those inside them.
   */
  readonly scope: string;
  /** Under `[@metadata]`: Logstash's own scratch space, never sent, never a schema field. */
  readonly metadata: boolean;
  /** A conversion of the field (mutate convert, dissect convert_datatype, a grok `:int`): the type named and where. */
  readonly conversion?: { readonly name: string; readonly span: Span };
  /** A constant written to the field (add_field, replace, update, coerce without `%{...}`). */
  readonly constant?: StringNode;
  /**
   * The target a plugin writes the fields it models under (geoip's, useragent's, grok's): the object is made, but the
   * names below it are those writes', not whatever a read names.
   */
  readonly container?: boolean;
}

export interface ConfigRefs {
  readonly refs: readonly ConfigRef[];
  readonly sites: readonly PluginSite[];
}

/** A reference while the reader still adds what it learns later in the same setting (a conversion, a constant). */
type Building = { -readonly [K in keyof ConfigRef]: ConfigRef[K] };

/** Ranks within a plugin: its own work first (mutate's operations in their order), then the options every filter takes. */
const COMMON_RANK = 100;
const PER_SITE = 1000;

/** What the reader asks of a modelled plugin for each of its blocks, worked out once per plugin of the table. */
interface SpecFacts {
  readonly options: readonly LogstashOption[];
  /** The options standing for another (`aliasOf`), by the option they stand for. */
  readonly aliases: ReadonlyMap<string, readonly string[]>;
  /** The options holding the fields the plugin is modelled to write (holdsWrites). */
  readonly holds: ReadonlySet<string>;
  /** The options `defaults` looks at, in table order: required ones, and field options the plugin writes by default. */
  readonly defaulted: readonly LogstashOption[];
}

const specFacts = new WeakMap<LogstashPlugin, SpecFacts>();

function factsOf(spec: LogstashPlugin): SpecFacts {
  let facts = specFacts.get(spec);
  if (facts) return facts;
  const options = Object.values(spec.options);
  const aliases = new Map<string, string[]>();
  for (const o of options) {
    if (o.aliasOf === undefined) continue;
    const list = aliases.get(o.aliasOf);
    if (list) list.push(o.name);
    else aliases.set(o.aliasOf, [o.name]);
  }
  const holds = new Set(options.map((o) => o.name).filter((name) => holdsWrites(spec, name)));
  const defaulted = options.filter((o) => o.required || o.requiredWhen || (o.kind === 'field' && o.access === 'write' && o.aliasOf === undefined));
  facts = { options, aliases, holds, defaulted };
  specFacts.set(spec, facts);
  return facts;
}

/** A reference parsed from a table's text (a default target, a write): the same texts recur in every block. */
const parsedTexts = new Map<string, FieldReference | undefined>();
const MAX_PARSED_TEXTS = 10_000;

function parsedText(text: string): FieldReference | undefined {
  if (parsedTexts.has(text)) return parsedTexts.get(text);
  const parsed = parseFieldReference(text, 0, text.length, 0);
  if (parsedTexts.size >= MAX_PARSED_TEXTS) parsedTexts.clear();
  parsedTexts.set(text, parsed);
  return parsed;
}

/** The references and plugin sites of a parse, in the order Logstash runs them. */
export function configRefs(tree: LogstashParse, table: LogstashPluginTable, pipelineMode: EcsMode): ConfigRefs {
  const reader = new Reader(table, pipelineMode);
  for (const section of tree.config.sections) reader.statements(section.body, section.type);
  return reader.done();
}

/** A string or bareword value: its text, and the file offset of its first character. */
interface Text {
  text: string;
  base: number;
  node: StringNode | BarewordNode;
}

/** The text of a string or bareword value (what `textOf` gives, without the rest). */
function plainText(value: ValueNode | undefined): string | undefined {
  if (value?.kind === 'string') return value.value;
  if (value?.kind === 'bareword') return value.text;
  return undefined;
}

function textOf(value: ValueNode | undefined): Text | undefined {
  if (value?.kind === 'string') return { text: value.value, base: value.contentStart, node: value };
  if (value?.kind === 'bareword') return { text: value.text, base: value.start, node: value };
  return undefined;
}

/** A value and its items when it is a list (a single value counts as a list of one). */
function textsOf(value: ValueNode | undefined): Text[] {
  if (value?.kind === 'array') return value.items.map(textOf).filter((t): t is Text => t !== undefined);
  const one = textOf(value);
  return one ? [one] : [];
}

/** A hash's entries as key/value pairs; an array of even length is read pairwise, as Logstash reads it for a hash option. */
function pairsOf(value: ValueNode | undefined): Array<[Text | undefined, ValueNode | undefined]> {
  if (value?.kind === 'hash') return value.entries.map((e) => [e.key.kind === 'number' ? undefined : textOf(e.key), e.value]);
  if (value?.kind === 'array' && value.items.length % 2 === 0) {
    const out: Array<[Text | undefined, ValueNode | undefined]> = [];
    for (let i = 0; i < value.items.length; i += 2) out.push([textOf(value.items[i]), value.items[i + 1]]);
    return out;
  }
  return [];
}

class Reader {
  private readonly refs: Building[] = [];
  private readonly sites: PluginSite[] = [];
  /** The order of the next plugin's references. */
  private siteIndex = 0;
  /** The branches around the statement being read, and how many branches the file has had. */
  private scope = '';
  private clauses = 0;

  constructor(private readonly table: LogstashPluginTable, private readonly pipelineMode: EcsMode) {}

  done(): ConfigRefs {
    // Stable: references of one plugin and rank stay in file order.
    this.refs.sort((a, b) => a.order - b.order);
    return { refs: this.refs, sites: this.sites };
  }

  statements(body: readonly StatementNode[], section: SectionType | undefined): void {
    for (const s of body) {
      if (s.kind === 'plugin') this.plugin(s, section);
      else {
        const outer = this.scope;
        for (const clause of s.clauses) {
          if (clause.condition) this.condition(clause.condition);
          this.scope = `${outer}${this.clauses++}/`;
          this.statements(clause.body, section);
          this.scope = outer;
        }
      }
    }
  }

  // ---- Conditions ----

  private condition(condition: ConditionNode): void {
    const order = this.siteIndex * PER_SITE - 1;
    const visit = (e: ExpressionNode | RValueNode | undefined): void => {
      if (!e) return;
      switch (e.kind) {
        case 'group':
          for (const operand of e.condition.operands) visit(operand);
          break;
        case 'not':
          visit(e.operand);
          break;
        case 'in':
        case 'compare':
        case 'match':
          visit(e.left);
          visit(e.right);
          break;
        case 'call':
          for (const arg of e.args) visit(arg);
          break;
        case 'selector': {
          const segments = e.segments.filter((s) => !/^-?\d+$/.test(s.name)).map((s) => ({ name: s.name, start: s.start, end: s.end }));
          const written: FieldReference = { form: 'bracket', segments, span: { start: e.start, end: e.end }, indexed: segments.length < e.segments.length };
          this.add(written, 'read', 'selector', order, undefined, {});
          break;
        }
        default:
          break;
      }
    };
    for (const operand of condition.operands) visit(operand);
  }

  // ---- Plugins ----

  private plugin(node: PluginNode, section: SectionType | undefined): void {
    const index = this.siteIndex++;
    const spec = section ? this.table.plugin(section, node.name) : undefined;
    const options = new Map<string, AttributeNode>();
    for (const a of node.attributes) if (!options.has(a.name)) options.set(a.name, a);
    const own = plainText(options.get('ecs_compatibility')?.value);
    const mode = own !== undefined && isEcsMode(own) ? own : this.pipelineMode;
    const required: Array<{ option: LogstashOption; reason?: string }> = [];
    const site: PluginSite = { section, node, spec, mode, index, options, required };
    this.sites.push(site);
    for (const a of node.attributes) {
      const option = this.optionOf(section, node.name, spec, a.name);
      const order = index * PER_SITE + this.rankOf(section, spec, option?.aliasOf ?? a.name);
      if (option) this.option(site, option, a, order);
      else this.templatesIn(a.value, site, a.name, order);
    }
    if (spec) this.defaults(site, spec, index * PER_SITE, required);
  }

  /** Where an option's work falls within its plugin's. */
  private rankOf(section: SectionType | undefined, spec: LogstashPlugin | undefined, name: string): number {
    const common = section === 'filter' ? this.table.commonOrder.indexOf(name) : -1;
    if (common >= 0) return COMMON_RANK + common;
    const own = spec ? spec.order.indexOf(name) : -1;
    return own >= 0 ? own : 0;
  }

  /** An option's spec: the plugin's own, else (an unmodelled plugin) one every plugin of its section takes. */
  private optionOf(section: SectionType | undefined, plugin: string, spec: LogstashPlugin | undefined, name: string): LogstashOption | undefined {
    if (!section) return undefined;
    if (spec) return this.table.option(section, plugin, name);
    if (section === 'filter') return this.table.common[name];
    if (section === 'input') return this.table.inputCommon[name];
    return undefined;
  }

  /** The text a plugin block gives an option (or the alias that stands for it). */
  private given(site: PluginSite, name: string): string | undefined {
    const direct = plainText(site.options.get(name)?.value);
    if (direct !== undefined || !site.spec) return direct;
    for (const alias of factsOf(site.spec).aliases.get(name) ?? []) {
      const text = plainText(site.options.get(alias)?.value);
      if (text !== undefined) return text;
    }
    return undefined;
  }

  /** Whether the plugin sets an option (or one of its aliases), whatever its value's form. */
  private present(site: PluginSite, name: string): boolean {
    if (site.options.has(name)) return true;
    return site.spec !== undefined && (factsOf(site.spec).aliases.get(name) ?? []).some((alias) => site.options.has(alias));
  }

  private option(site: PluginSite, option: LogstashOption, a: AttributeNode, order: number): void {
    const detail = { processor: site.node.name, option: a.name };
    const value = a.value;
    switch (option.kind) {
      case 'field':
        for (const t of textsOf(value).slice(0, 1)) {
          const ref = this.name(t, option.access ?? 'read', site, order, detail);
          if (ref && site.spec && factsOf(site.spec).holds.has(option.name)) ref.container = true;
        }
        break;
      case 'fields':
        for (const t of textsOf(value)) this.name(t, option.access ?? 'read', site, order, detail);
        break;
      case 'fieldMap':
        for (const [key, v] of pairsOf(value)) {
          if (key) this.name(key, option.keyAccess ?? 'read', site, order, detail);
          const target = textOf(v);
          if (target) this.name(target, option.valueAccess ?? 'write', site, order, detail);
        }
        break;
      case 'fieldKeys':
        for (const [key, v] of pairsOf(value)) this.keyWithValue(key, v, option, site, order, detail);
        break;
      case 'template':
      case 'templates':
        for (const t of textsOf(value)) this.templates(t, site, order, detail);
        break;
      case 'gsubTriples':
        if (value?.kind === 'array') {
          for (let i = 0; i < value.items.length; i += 3) {
            const field = textOf(value.items[i]);
            if (field) this.name(field, 'update', site, order, detail);
            const replacement = textOf(value.items[i + 2]);
            if (replacement) this.templates(replacement, site, order, detail);
          }
        }
        break;
      case 'grokMatch':
        for (const [key, v] of pairsOf(value)) {
          if (key) this.name(key, 'read', site, order, detail);
          for (const pattern of textsOf(v)) this.grok(pattern, site, order, detail);
        }
        break;
      case 'grokDefinitions':
        for (const [, v] of pairsOf(value)) for (const pattern of textsOf(v)) this.grok(pattern, site, order, detail);
        break;
      case 'dissectMapping':
        for (const [key, v] of pairsOf(value)) {
          if (key) this.name(key, 'read', site, order, detail);
          const pattern = textOf(v);
          if (!pattern) continue;
          for (const k of dissectKeys(pattern.text, pattern.base)) if (k.field) this.add(k.field, 'write', 'pattern', order, site, detail);
        }
        break;
      case 'dateMatch': {
        const first = textsOf(value)[0];
        if (first) this.name(first, 'read', site, order, detail);
        break;
      }
      case 'rubyCode':
        for (const t of textsOf(value)) for (const r of rubyRefs(t.text, t.base)) this.add(r.ref, r.access, 'script', order, site, detail);
        break;
      case 'targetNames':
        for (const t of textsOf(value)) this.underTarget(site, t, order, detail);
        break;
      case 'targetNameMap':
        for (const [key, v] of pairsOf(value)) {
          if (!key) continue;
          const ref = this.underTarget(site, key, order, detail);
          const type = option.mapValues === 'typeName' ? textOf(v) : undefined;
          if (ref && type) this.convert(ref, type);
        }
        break;
      case 'xpathMap':
        for (const [, v] of pairsOf(value)) {
          const target = textOf(v);
          if (target) this.name(target, option.valueAccess ?? 'write', site, order, detail);
        }
        break;
      case 'namePrefix':
        if (option.sprintf) for (const t of textsOf(value)) this.templates(t, site, order, detail);
        break;
      default:
        // nameRegexes, parsedKeys, pipeline addresses: no field names, yet sprintf where Logstash takes it.
        if (option.kind === undefined && option.sprintf) for (const t of textsOf(value)) this.templates(t, site, order, detail);
        break;
    }
  }

  /** A hash key naming a field (add_field, convert, replace, ...) and what its value is. */
  private keyWithValue(key: Text | undefined, value: ValueNode | undefined, option: LogstashOption, site: PluginSite, order: number, detail: NamedRefDetail): void {
    const ref = key ? this.name(key, option.keyAccess ?? 'write', site, order, detail) : undefined;
    switch (option.mapValues) {
      case 'template':
        for (const t of textsOf(value)) {
          if (t.text.includes('%{')) this.templates(t, site, order, detail);
          else if (ref && t.node.kind === 'string' && value?.kind === 'string') ref.constant = t.node;
        }
        break;
      case 'typeName': {
        const type = textOf(value);
        if (ref && type) this.convert(ref, type);
        break;
      }
      default:
        break;
    }
  }

  /** A name written under the plugin's target (csv columns, kv default_keys): one literal segment. */
  private underTarget(site: PluginSite, name: Text, order: number, detail: NamedRefDetail): Building | undefined {
    const targetText = textOf(site.options.get('target')?.value);
    const target = targetText ? parseFieldReference(targetText.text, 0, targetText.text.length, targetText.base) : undefined;
    if (target?.problem !== undefined) return undefined;
    const segment = { name: name.text, start: name.base, end: name.base + name.text.length };
    if (segment.name === '') return undefined;
    const written: FieldReference = {
      form: 'bracket', segments: [...(target?.segments ?? []), segment], span: { start: name.base, end: segment.end }, indexed: false,
    };
    return this.add(written, 'write', 'name', order, site, detail, target ? target.segments.length : 0);
  }

  /** Where a plugin writes without naming it: its implicit fields, and the defaults of its unset field options. */
  private defaults(site: PluginSite, spec: LogstashPlugin, order: number, required: Array<{ option: LogstashOption; reason?: string }>): void {
    const given = (name: string): string | undefined => this.given(site, name);
    const at = site.node.nameSpan;
    const facts = factsOf(spec);
    for (const option of facts.defaulted) {
      // Given in any form: a required list (clone's clones) is as given as a required string.
      if (option.required && !this.present(site, option.name)) required.push({ option });
      if (option.requiredWhen) {
        const other = spec.options[option.requiredWhen.option];
        const set = given(option.requiredWhen.option);
        const value = set !== undefined ? set === 'true' : other?.default === true;
        if (value === option.requiredWhen.equals && given(option.name) === undefined) {
          required.push({ option, reason: `while ${option.requiredWhen.option} is ${String(option.requiredWhen.equals)}` });
        }
      }
      if (option.kind !== 'field' || option.access !== 'write' || option.aliasOf !== undefined || given(option.name) !== undefined) continue;
      const resolved = this.table.defaultIn(option, site.mode, given);
      if (resolved.kind === 'required') required.push({ option, reason: resolved.reason });
      // A target the plugin's modelled writes go under is no field of its own: those writes are.
      else if (resolved.kind === 'value' && typeof resolved.value === 'string' && resolved.value !== '' && !facts.holds.has(option.name)) {
        this.implied(resolved.value, at, site, order, { processor: site.node.name, option: option.name });
      }
    }
    const givenList = (name: string): readonly string[] | undefined => {
      const value = site.options.get(name)?.value;
      return value ? textsOf(value).map((t) => t.text) : undefined;
    };
    for (const write of this.table.writesIn(spec, site.mode, given, givenList)) {
      this.implied(write.field.text, at, site, order, { processor: site.node.name });
    }
  }

  /** A field written by default, placed on `at` (the plugin's or the pattern's name). */
  private implied(text: string, at: Span, site: PluginSite, order: number, detail: NamedRefDetail, captureType?: string): void {
    const parsed = parsedText(text);
    if (!parsed || parsed.problem !== undefined || parsed.segments.length === 0) return;
    const written: FieldReference = { ...parsed, segments: parsed.segments.map((s) => ({ name: s.name, start: at.start, end: at.end })), span: at };
    this.add(written, 'write', 'name', order, site, { ...detail, implied: true, ...(captureType ? { captureType } : {}) });
  }

  // ---- Values ----

  /** A whole value naming a field (`source => "[log][level]"`, `remove_field => ["tmp"]`); a templated name reads its references instead. */
  private name(t: Text, access: FieldAccess, site: PluginSite, order: number, detail: NamedRefDetail): Building | undefined {
    if (t.text.includes('%{')) {
      this.templates(t, site, order, detail);
      return undefined;
    }
    if (t.text.startsWith('${')) return undefined;
    const parsed = parseFieldReference(t.text, 0, t.text.length, t.base);
    return parsed ? this.add(parsed, access, 'name', order, site, detail) : undefined;
  }

  private templates(t: Text, site: PluginSite | undefined, order: number, detail: NamedRefDetail): void {
    for (const part of sprintfParts(t.text, t.base)) if (part.ref) this.add(part.ref, 'read', 'template', order, site, detail);
  }

  /** sprintf references in every string of a value Fieldwise does not model (an output's path, a codec's format). */
  private templatesIn(value: ValueNode | undefined, site: PluginSite, option: string, order: number): void {
    if (!value) return;
    const detail = { processor: site.node.name, option };
    switch (value.kind) {
      case 'string':
        if (value.value.includes('%{')) this.templates({ text: value.value, base: value.contentStart, node: value }, site, order, detail);
        break;
      case 'array':
        for (const item of value.items) this.templatesIn(item, site, option, order);
        break;
      case 'hash':
        for (const e of value.entries) {
          if (e.key.kind === 'string') this.templatesIn(e.key, site, option, order);
          this.templatesIn(e.value, site, option, order);
        }
        break;
      case 'plugin':
        for (const a of value.attributes) this.templatesIn(a.value, site, option, order);
        break;
      default:
        break;
    }
  }

  private grok(pattern: Text, site: PluginSite, order: number, detail: NamedRefDetail): void {
    const set = this.table.grokSetFor(site.mode);
    const targetText = textOf(site.options.get('target')?.value);
    const target = targetText ? parseFieldReference(targetText.text, 0, targetText.text.length, targetText.base) : undefined;
    const under = target && target.problem === undefined ? target.segments.map((s) => s.name) : [];
    for (const capture of grokCaptures(pattern.text, pattern.base)) {
      const type = capture.type?.name;
      if (capture.field) {
        const written = under.length > 0 ? nestUnder(capture.field, target!) : capture.field;
        const ref = this.add(written, 'write', 'pattern', order, site, { ...detail, ...(type ? { captureType: type } : {}) }, under.length);
        if (ref && capture.type) ref.conversion = { name: capture.type.name, span: capture.type.span };
      }
      const named = capture.syntax ? this.table.grokPattern(set, capture.syntax.name) : undefined;
      if (!named) continue;
      for (const c of named.captures) {
        const text = under.length > 0 ? `${under.map((n) => `[${n}]`).join('')}${c.field.segments.map((n) => `[${n}]`).join('')}` : c.field.text;
        this.implied(text, capture.syntax!.span, site, order, { ...detail, option: detail.option }, c.type);
      }
    }
  }

  private convert(ref: Building, type: Text): void {
    ref.conversion = { name: type.text, span: { start: type.base, end: type.base + type.text.length } };
  }

  /**
   * Records a reference (`under`: how many of its first segments are a target's, placed before it; they are not the
   * file's own words at the reference). A bare dotted name is one literal key: judged as the path it spells, on its
   * whole span.
   */
  private add(written: FieldReference, access: FieldAccess, role: RefRole, order: number, site: PluginSite | undefined, detail: NamedRefDetail, under = 0): Building | undefined {
    if (written.problem !== undefined) {
      this.pushInvalid(written, access, role, order, site, detail);
      return undefined;
    }
    if (written.segments.length === 0) return undefined;
    let path: string[];
    let spans: Span[];
    // Details are shared by a setting's references and never changed: a copy only where this one differs.
    let own = detail;
    if (written.form === 'bare') {
      const name = written.segments[0];
      path = name.name.split('.');
      spans = path.map(() => ({ start: name.start, end: name.end }));
      if (path.length > 1) own = { ...own, literalDotted: true };
    } else {
      path = written.segments.map((s) => s.name);
      // A target's segments, placed before the file's own words, are found where those words are.
      const first = written.segments[Math.min(under, written.segments.length - 1)];
      spans = written.segments.map((s, i) => (i < under ? { start: first.start, end: first.end } : { start: s.start, end: s.end }));
    }
    for (let i = 0; i < path.length; i++) if (path[i] === '') return undefined;
    if (access === 'remove' || access === 'move') own = { ...own, removes: true };
    const ref = new NamedRef(path, spans, role, access === 'write' || access === 'update' ? 'write' : 'read', this.refs.length, own);
    const entry: Building = { ref, written, access, order, site, scope: this.scope, metadata: isMetadata(written) };
    this.refs.push(entry);
    return entry;
  }

  /** A reference Logstash rejects: kept (its problem is a finding) under the whole text, judged by no name rule. */
  private pushInvalid(written: FieldReference, access: FieldAccess, role: RefRole, order: number, site: PluginSite | undefined, detail: NamedRefDetail): void {
    const ref = new NamedRef([''], [written.span], role, access === 'write' || access === 'update' ? 'write' : 'read', this.refs.length, detail);
    this.refs.push({ ref, written, access, order, site, scope: this.scope, metadata: false });
  }
}

/** Whether an option holds the fields a plugin is modelled to write (its writes go under it; grok's captures under target). */
function holdsWrites(spec: LogstashPlugin, option: string): boolean {
  if (spec.writes.some((w) => w.under === option)) return true;
  return option === 'target' && Object.values(spec.options).some((o) => o.kind === 'grokMatch');
}

/** A capture placed under grok's target: the target's segments, then the capture's. */
function nestUnder(field: FieldReference, target: FieldReference): FieldReference {
  return { ...field, form: 'bracket', segments: [...target.segments, ...(field.form === 'bare' ? field.segments[0].name.split('.').map((name) => ({ ...field.segments[0], name })) : field.segments)] };
}
