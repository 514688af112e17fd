// The bench's Logstash pipeline config: a generated config of about the size asked for, seeded so every run sees the
// same text. Thousands of filters (grok with field-reference captures, mutate with rename/add_field/convert/gsub,
// date, kv, translate with a dictionary, geoip, dissect) inside nested conditionals using every operator of the
// language (== != < > <= >= =~ !~ in, not in, and or xor nand, !, parentheses), sprintf `%{…}` references in strings,
// multi-line ruby code, comments, and inputs and outputs around them. Also the edit the bench makes.
import { random } from './generate';

type Rng = () => number;

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

const vendors = ['fortinet', 'cisco_asa', 'paloalto', 'zscaler', 'okta', 'crowdstrike', 'checkpoint', 'suricata', 'zeek'];
const vendorLeaves = ['srcip', 'dstip', 'srcport', 'dstport', 'action', 'policyid', 'devname', 'msg', 'level', 'duration', 'sentbyte', 'rcvdbyte', 'user', 'app', 'proto'];
const ecsFields = [
  '[source][ip]', '[source][port]', '[destination][ip]', '[destination][port]', '[event][action]', '[event][outcome]', '[event][category]',
  '[event][duration]', '[network][transport]', '[network][bytes]', '[user][name]', '[host][name]', '[rule][id]', '[rule][name]',
  '[observer][hostname]', '[url][path]', '[http][request][method]', '[http][response][status_code]', '[log][level]', '[process][pid]',
];
const grokTypes = ['IP', 'NUMBER', 'WORD', 'DATA', 'NOTSPACE', 'INT', 'GREEDYDATA'];
const tagsList = ['_grokparsefailure', '_dateparsefailure', 'internal', 'vpn', 'dmz', 'audit'];
const actions = ['allow', 'deny', 'drop', 'close', 'reset', 'accept'];

/** A generated config and the edit the bench makes in its middle. */
export interface LogstashBenchConfig {
  name: string;
  text: string;
  /** Plugins in the filter section (conditionals not counted). */
  filters: number;
  /** `if` clauses. */
  conditionals: number;
  /** The first `=>` of the middle mutate deleted: one more problem (a syntax error) for the file's checks. */
  edit: { start: number; end: number; text: string };
}

class Writer {
  private parts: string[] = [];
  length = 0;
  filters = 0;
  conditionals = 0;
  mutates: number[] = [];

  line(indent: number, text: string): void {
    const s = `${'  '.repeat(indent)}${text}\n`;
    this.parts.push(s);
    this.length += s.length;
  }

  /** Marks that a filter plugin starts on the next line (`mutate` ones are remembered for the edit). */
  plugin(indent: number, name: string): void {
    this.filters++;
    if (name === 'mutate') this.mutates.push(this.length + indent * 2);
  }

  text(): string {
    return this.parts.join('');
  }
}

/** About `bytes` of Logstash config (UTF-16 code units; it is ASCII, so bytes too). */
export function logstashConfig(bytes: number, seed = bytes): LogstashBenchConfig {
  const rng = random(seed);
  const w = new Writer();
  const vendorField = (v: string): string => `[${v}][${pick(rng, vendorLeaves)}]`;
  const ecs = (): string => pick(rng, ecsFields);
  const id = (name: string, n: number): string => (rng() < 0.4 ? ` id => "${name}_${n}"` : '');

  w.line(0, '# Generated pipeline config for the bench: realistic shapes, not a working pipeline.');
  w.line(0, '# Sections: one input, one filter, one output.');
  w.line(0, 'input {');
  w.line(1, 'beats {');
  w.line(2, 'port => 5044');
  w.line(2, 'ssl_enabled => false');
  w.line(1, '}');
  w.line(1, 'tcp {');
  w.line(2, 'port => 5000');
  w.line(2, 'codec => json_lines { charset => "UTF-8" }');
  w.line(2, 'tags => ["tcp", "raw"]');
  w.line(1, '}');
  w.line(0, '}');
  w.line(0, '');
  w.line(0, 'filter {');

  const condition = (v: string): string => {
    const forms = [
      () => `[event][dataset] == "${v}.log"`,
      () => `${vendorField(v)} != ""`,
      () => `[${v}][level] >= ${Math.floor(rng() * 7)} and [${v}][level] < 8`,
      () => `[message] =~ /^<\\d+>${v}\\s/`,
      () => `[message] !~ "${pick(rng, actions)}"`,
      () => `"${pick(rng, tagsList)}" in [tags]`,
      () => `"${pick(rng, tagsList)}" not in [tags]`,
      () => `![${v}][${pick(rng, vendorLeaves)}]`,
      () => `([${v}][action] == "${pick(rng, actions)}" or [${v}][action] == "${pick(rng, actions)}") and [${v}][srcip]`,
      () => `[${v}][proto] in ["tcp", "udp", "icmp"] xor [network][transport]`,
      () => `[${v}][sentbyte] > 1024 nand [${v}][rcvdbyte] <= 0`,
      () => `!("${pick(rng, tagsList)}" in [tags])`,
    ];
    return pick(rng, forms)();
  };

  const filter = (depth: number, v: string, n: number): void => {
    const kinds = ['grok', 'mutate', 'mutate', 'date', 'kv', 'translate', 'geoip', 'dissect', 'ruby'];
    const kind = pick(rng, kinds);
    w.plugin(depth, kind);
    switch (kind) {
      case 'grok': {
        const captures = Array.from({ length: 2 + Math.floor(rng() * 4) }, () => `%{${pick(rng, grokTypes)}:${ecs()}}`).join(' ');
        w.line(depth, 'grok {');
        w.line(depth + 1, `match => { "message" => "^%{SYSLOGTIMESTAMP:[${v}][timestamp]} ${captures}" }`);
        if (rng() < 0.4) {
          w.line(depth + 1, 'pattern_definitions => {');
          w.line(depth + 2, `"${v.toUpperCase()}_ACTION" => "(?:${actions.join('|')})"`);
          w.line(depth + 1, '}');
        }
        w.line(depth + 1, `tag_on_failure => ["_grokparsefailure_${v}_${n}"]`);
        if (rng() < 0.3) w.line(depth + 1, `id => "grok_${v}_${n}"`);
        w.line(depth, '}');
        break;
      }
      case 'mutate': {
        w.line(depth, `mutate {${id(`mutate_${v}`, n)}`);
        if (rng() < 0.7) {
          w.line(depth + 1, 'rename => {');
          for (let i = 0, k = 1 + Math.floor(rng() * 4); i < k; i++) w.line(depth + 2, `"${vendorField(v)}" => "${ecs()}"`);
          w.line(depth + 1, '}');
        }
        if (rng() < 0.5) w.line(depth + 1, `add_field => { "[event][module]" => "${v}" "[related][hosts]" => "%{[host][name]}" }`);
        if (rng() < 0.4) w.line(depth + 1, `convert => { "${ecs()}" => "${pick(rng, ['integer', 'float', 'string', 'boolean'])}" }`);
        if (rng() < 0.3) w.line(depth + 1, `gsub => [ "message", "[\\r\\n]", " ", "${ecs()}", "\\s+", " " ]`);
        if (rng() < 0.4) w.line(depth + 1, `remove_field => [ "${vendorField(v)}", "[${v}][raw]" ]`);
        if (rng() < 0.3) w.line(depth + 1, `add_tag => [ "${v}_parsed" ]`);
        w.line(depth + 1, `lowercase => [ "${ecs()}" ]`);
        w.line(depth, '}');
        break;
      }
      case 'date':
        w.line(depth, 'date {');
        w.line(depth + 1, `match => [ "[${v}][timestamp]", "MMM dd HH:mm:ss", "MMM  d HH:mm:ss", "ISO8601" ]`);
        w.line(depth + 1, 'target => "@timestamp"');
        w.line(depth + 1, `timezone => "${pick(rng, ['UTC', 'Europe/Paris', 'America/New_York'])}"`);
        w.line(depth, '}');
        break;
      case 'kv':
        w.line(depth, `kv {${id(`kv_${v}`, n)}`);
        w.line(depth + 1, `source => "[${v}][msg]"`);
        w.line(depth + 1, `target => "[${v}]"`);
        w.line(depth + 1, 'field_split => " "');
        w.line(depth + 1, 'value_split => "="');
        w.line(depth + 1, `include_keys => [ ${vendorLeaves.slice(0, 4).map((k) => `"${k}"`).join(', ')} ]`);
        w.line(depth, '}');
        break;
      case 'translate':
        w.line(depth, 'translate {');
        w.line(depth + 1, `source => "[${v}][action]"`);
        w.line(depth + 1, 'target => "[event][outcome]"');
        w.line(depth + 1, 'dictionary => {');
        for (const a of actions) w.line(depth + 2, `"${a}" => "${a === 'allow' || a === 'accept' ? 'success' : 'failure'}"`);
        w.line(depth + 1, '}');
        w.line(depth + 1, 'fallback => "unknown"');
        w.line(depth, '}');
        break;
      case 'geoip':
        w.line(depth, `geoip {${id(`geoip_${v}`, n)}`);
        w.line(depth + 1, `source => "${pick(rng, ['[source][ip]', '[destination][ip]'])}"`);
        w.line(depth + 1, `target => "${pick(rng, ['[source][geo]', '[destination][geo]'])}"`);
        w.line(depth + 1, 'tag_on_failure => ["_geoip_lookup_failure"]');
        w.line(depth, '}');
        break;
      case 'dissect':
        w.line(depth, 'dissect {');
        w.line(depth + 1, 'mapping => {');
        w.line(depth + 2, `"message" => "%{[${v}][ts]} %{+[${v}][ts]} %{[host][hostname]} %{?pid}: %{[${v}][msg]}"`);
        w.line(depth + 1, '}');
        w.line(depth, '}');
        break;
      default:
        w.line(depth, 'ruby {');
        w.line(depth + 1, "code => '");
        w.line(depth + 2, `value = event.get("[${v}][duration]")`);
        w.line(depth + 2, `event.set("[event][duration]", value.to_f * 1000000) unless value.nil?`);
        w.line(depth + 1, "'");
        w.line(depth, '}');
    }
  };

  const block = (depth: number, n: number): void => {
    const v = pick(rng, vendors);
    if (rng() < 0.3) w.line(depth, `# ${v}: normalise block ${n}`);
    w.conditionals++;
    w.line(depth, `if ${condition(v)} {`);
    for (let i = 0, k = 1 + Math.floor(rng() * 3); i < k; i++) filter(depth + 1, v, n * 10 + i);
    if (depth < 4 && rng() < 0.35) block(depth + 1, n * 10 + 7);
    if (rng() < 0.5) {
      w.conditionals++;
      w.line(depth, `} else if ${condition(v)} {`);
      filter(depth + 1, v, n * 10 + 8);
    }
    if (rng() < 0.4) {
      w.line(depth, '} else {');
      w.plugin(depth + 1, 'mutate');
      w.line(depth + 1, `mutate { add_tag => [ "${v}_unmatched" ] }`);
    }
    w.line(depth, '}');
  };

  const target = Math.max(bytes - 400, 0);
  for (let n = 0; w.length < target; n++) {
    if (rng() < 0.2) filter(1, pick(rng, vendors), n);
    else block(1, n);
    if (rng() < 0.1) w.line(0, '');
  }
  w.line(0, '}');
  w.line(0, '');
  w.line(0, 'output {');
  w.line(1, 'if "_grokparsefailure" in [tags] {');
  w.line(2, 'file { path => "/var/log/logstash/failed-%{+YYYY.MM.dd}.log" codec => json_lines }');
  w.line(1, '} else {');
  w.line(2, 'elasticsearch {');
  w.line(3, 'hosts => ["https://localhost:9200"]');
  w.line(3, 'index => "logs-%{[event][dataset]}-%{+YYYY.MM.dd}"');
  w.line(3, 'user => "${ES_USER}"');
  w.line(3, 'password => "${ES_PASSWORD}"');
  w.line(2, '}');
  w.line(1, '}');
  w.line(0, '}');
  const text = w.text();
  const middle = w.mutates[Math.floor(w.mutates.length / 2)] ?? text.indexOf('mutate');
  return {
    name: `bench-logstash-${Math.round(bytes / 1e6)}mb.conf`,
    text,
    filters: w.filters,
    conditionals: w.conditionals,
    edit: { start: text.indexOf('=>', middle), end: text.indexOf('=>', middle) + 2, text: '' },
  };
}
