// Every Logstash config of the shared corpus (../shared/corpus from the repository root): each parses without a syntax
// problem, formats idempotently with its parse unchanged (positions aside), and has the outline listed here.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  applyEdits, formatLogstash, logstashFoldingRanges, logstashSymbols, parseLogstash, type LogstashSymbol,
} from '../../server/src/document/syntaxes/logstash';
import { logstashShape } from '../helpers/logstashShape';

const corpus = join(__dirname, '..', '..', '..', 'shared', 'corpus');

function confFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return confFiles(path);
    return e.name.endsWith('.conf') ? [path] : [];
  });
}

/** The outline as indented names, one line per symbol. */
function outlineLines(symbols: readonly LogstashSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [`${'  '.repeat(depth)}${s.name}`, ...outlineLines(s.children, depth + 1)]);
}

function within(inner: { start: number; end: number }, outer: { start: number; end: number }): boolean {
  return outer.start <= inner.start && inner.start <= inner.end && inner.end <= outer.end;
}

/** What the outline of each corpus file shows. */
const outlines: Record<string, string[]> = {
  "cargill-opensiem-logstash-parsing/config/enrichments/10_user_agent_enrichment.conf": [
    "filter",
    "  if \"disable_user_agent_enrichment\" in [tags] or \"disable_enrichments\" in [tags] or \"disable_data_quality\" in [tags]",
    "    mutate",
    "  else",
    "    if [user_agent][original] and [user_agent][original] != \"\"",
    "      if [user_agent][original] =~ \"Mozilla\"",
    "        grok",
    "        if [user_agent][device][name] =~ \"compatible\"",
    "          if [user_agent][os][family] and [user_agent][os][family] =~ \"Windows\"",
    "            mutate",
    "          else",
    "            mutate",
    "      if [user_agent][original] =~ \"Apache\"",
    "        grok",
    "  if \"_grokparsefailure_user_agent_1\" in [tags]",
    "    mutate",
    "  if \"_grokparsefailure_user_agent_2\" in [tags]",
    "    mutate",
  ],
  "cargill-opensiem-logstash-parsing/config/enrichments/91_geoip.conf": [
    "filter",
    "  if \"disable_geoip_enrichment\" in [tags] or \"disable_lookups\" in [tags] or \"disable_enrichments\" in [tags]",
    "    mutate",
    "  else",
    "    if [destination][ip]",
    "      cidr",
    "      if \"dip_private\" not in [tags]",
    "        mutate",
    "        geoip",
    "      else",
    "        geoip",
    "    if [source][ip]",
    "      cidr",
    "      if \"sip_private\" not in [tags]",
    "        mutate",
    "        geoip",
    "      else",
    "        geoip",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/api_network_aws.vpcflow.conf": [
    "input",
    "  pipeline",
    "filter",
    "  mutate",
    "  if [message] =~ \"^version\" or [message] =~ \"NODATA\" or [message] == \"\"",
    "    drop",
    "  dissect",
    "  mutate",
    "  date",
    "  if \"_dateparsefailure_ec\" in [tags]",
    "    mutate",
    "  date",
    "  if \"_dateparsefailure_ee\" in [tags]",
    "    mutate",
    "output",
    "  pipeline",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/flat_file_audit_apache.access.conf": [
    "input",
    "  pipeline",
    "filter",
    "  mutate",
    "  mutate",
    "  if [message] =~ \"{name=\"",
    "    mutate",
    "    dissect",
    "  else",
    "    mutate",
    "    dissect",
    "    date",
    "  date",
    "  mutate",
    "  if [http][response][status_code] and [http][response][status_code] >=400",
    "    mutate",
    "    mutate",
    "  else",
    "    mutate",
    "    mutate",
    "  mutate",
    "output",
    "  pipeline",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/flat_file_audit_mwg.proxy.conf": [
    "input",
    "  pipeline",
    "filter",
    "  mutate",
    "  mutate",
    "  mutate",
    "  kv",
    "  mutate",
    "  mutate",
    "  date",
    "  if \"_dateparsefailure_ec\" in [tags]",
    "    mutate",
    "output",
    "  pipeline",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/syslog_audit_checkpoint.fw.conf": [
    "input",
    "  pipeline",
    "filter",
    "  mutate",
    "  grok",
    "  syslog_pri",
    "  if [actual_msg] =~ \"^.*?syslog_severity=Debug\"",
    "    drop",
    "  if [actual_msg] =~ \"=\" and [actual_msg] =~ \";\"",
    "    mutate",
    "    dissect",
    "    mutate",
    "    mutate",
    "    kv",
    "  else if [actual_msg] !~ \";\"",
    "    mutate",
    "    dissect",
    "  else",
    "    mutate",
    "  kv",
    "  kv",
    "  kv",
    "  mutate",
    "  mutate",
    "  date",
    "  mutate",
    "output",
    "  pipeline",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/syslog_audit_cisco.router.conf": [
    "input",
    "  pipeline",
    "filter",
    "  mutate",
    "  mutate",
    "  grok",
    "  syslog_pri",
    "  grok",
    "  mutate",
    "  translate (cisco-translate-facility)",
    "  translate (cisco-translate-mnemonic)",
    "  mutate",
    "  mutate",
    "  date",
    "  date",
    "  mutate",
    "output",
    "  pipeline",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/syslog_audit_linux.host.conf": [
    "input",
    "  pipeline",
    "filter",
    "  mutate",
    "  grok",
    "  syslog_pri",
    "  dissect",
    "  if [pri] == \"82\" or [pri] == \"85\"",
    "    mutate",
    "    dissect",
    "    if [event_description] =~ \"has expired\"",
    "      mutate",
    "      dissect",
    "    else",
    "      mutate",
    "      dissect",
    "  else if [pri] == \"31\" or [pri] == \"27\"",
    "    if [actual_msg] =~ \"rhnsd\"",
    "      mutate",
    "      dissect",
    "    else",
    "      mutate",
    "      dissect",
    "  else if [pri] == \"30\"",
    "    if [actual_msg] =~ \"dhclient\"",
    "      mutate",
    "      dissect",
    "    else",
    "      mutate",
    "      dissect",
    "      if [event_description] =~ \"Started Session\"",
    "        mutate",
    "        dissect",
    "      else if [event_description] =~ \"Slice of\"",
    "        mutate",
    "        dissect",
    "  date",
    "  mutate",
    "  translate",
    "  if [host][hostname] and ([host][hostname] != \"\" or [host][hostname][0] != \"\" )",
    "    mutate",
    "  mutate",
    "output",
    "  pipeline",
  ],
  "cisagov-malcolm/logstash/pipelines/enrichment/20_enriched_to_ecs.conf": [
    "filter",
    "  if ([smb][host])",
    "    mutate (mutate_merge_ecs_related_hosts_smb_host)",
    "  if ([http][host])",
    "    mutate (mutate_merge_ecs_related_hosts_http_host)",
    "  if ([tls][client][server_name])",
    "    mutate (mutate_merge_ecs_related_hosts_tls_client_server_name)",
    "  if ([client][domain])",
    "    mutate (mutate_merge_ecs_related_hosts_client_domain)",
    "  if ([server][domain])",
    "    mutate (mutate_merge_ecs_related_hosts_server_domain)",
    "  if ([ipProtocol])",
    "    mutate (mutate_add_field_ecs_network_iana_number)",
    "  if ([source][ip])",
    "    mutate (mutate_merge_field_related_ip_source_ip)",
    "  if ([destination][ip])",
    "    mutate (mutate_merge_field_related_ip_destination_ip)",
    "  if ([destination][geo][ip])",
    "    mutate (mutate_merge_field_related_ip_destination_geo_ip)",
    "  if ([source][geo][ip])",
    "    mutate (mutate_merge_field_related_ip_source_geo_ip)",
    "  if ([source][nat][ip])",
    "    mutate (mutate_merge_field_related_ip_source_nat_ip)",
    "  if ([source][oui])",
    "    mutate (mutate_merge_field_related_oui_source_oui)",
    "  if ([destination][oui])",
    "    mutate (mutate_merge_field_related_oui_destination_oui)",
    "  if ([source][mac])",
    "    mutate (mutate_merge_field_related_mac_source_mac)",
    "  if ([destination][mac])",
    "    mutate (mutate_merge_field_related_mac_destination_mac)",
    "  if ([email][src])",
    "    mutate (mutate_merge_field_ecs_email_src)",
    "  if ([email][dst])",
    "    mutate (mutate_merge_field_ecs_email_dst)",
    "  if (![ecs][version])",
    "    mutate (mutate_add_field_ecs_version)",
    "  if ([firstPacket]) and (![event][start])",
    "    mutate (mutate_add_field_ecs_event_start)",
    "  if ([lastPacket]) and (![event][end])",
    "    mutate (mutate_add_field_ecs_event_end)",
    "  if (![event][ingested])",
    "    ruby (ruby_event_ingested_now)",
    "    date (date_event_ingested_conv)",
    "  if (![file][path]) and ([file][directory])",
    "    if ([file][name])",
    "      mutate (mutate_add_field_ecs_path_from_dir_and_name)",
    "    else",
    "      mutate (mutate_add_field_ecs_path_from_dir_only)",
    "  if ([file][path]) and (![file][directory]) and (![file][name])",
    "    ruby (ruby_ecs_file_path_normalize_to_directory_and_name)",
    "  translate (translate_ecs_event_category)",
    "  if (![event][provider])",
    "    mutate (mutate_add_field_event_provider_enrichment)",
  ],
  "cisagov-malcolm/logstash/pipelines/suricata/12_suricata_normalize.conf": [
    "filter",
    "  ruby (ruby_suricata_remove_empty_values)",
    "  if ([suricata][tunnel][src_ip])",
    "    mutate (mutate_merge_field_related_ip_suricata_sunnel_src_ip)",
    "  if ([suricata][tunnel][dest_ip])",
    "    mutate (mutate_merge_field_related_ip_suricata_sunnel_dest_ip)",
    "  if ([suricata][anomaly][event])",
    "    mutate (mutate_merge_field_event_result_suricata_anomaly_event)",
    "  if ([suricata][fileinfo][filename])",
    "    mutate (mutate_merge_normalize_suricata_fileinfo_filename)",
    "  if ([suricata][fileinfo][size]) and ([suricata][fileinfo][size] > 0)",
    "    mutate (mutate_merge_normalize_suricata_fileinfo_size)",
    "  if ([suricata][files])",
    "    ruby (ruby_suricata_files)",
    "  if ([suricata][fileinfo][magic])",
    "    mutate (mutate_merge_normalize_suricata_fileinfo_mime_type)",
    "  if ([file]) and ([network][protocol])",
    "    mutate (mutate_suricata_merge_file_source)",
    "  if ([suricata][fileinfo][md5])",
    "    mutate (mutate_merge_field_related_hash_fileinfo_md5)",
    "  if ([suricata][fileinfo][sha1])",
    "    mutate (mutate_merge_field_related_hash_fileinfo_sha1)",
    "  if ([suricata][fileinfo][sha256])",
    "    mutate (mutate_merge_field_related_hash_fileinfo_sha256)",
  ],
  "corelight-ecs-logstash-mappings/pipeline/3111-corelight-ecs-dns-filter.conf": [
    "filter",
    "  if [@metadata][z_no_reuse][event_type] == \"corelight\" and ( [labels][corelight][event_sub_type] == \"dns\" or [labels][corelight][event_sub_type] == \"dns_agg\" or [l…",
    "    mutate (filter-mutate-e98caa7068b3)",
    "    ruby (filter-ruby-b827825c89e0)",
    "    if [dns][flags][authoritative] == \"true\"",
    "      mutate (filter-mutate-0697a2be3a55)",
    "    if [dns][flags][recursion][available] == \"true\"",
    "      mutate (filter-mutate-9e8d9aaf98ca)",
    "    if [dns][flags][recursion][desired] == \"true\"",
    "      mutate (filter-mutate-64f1b1dcc551)",
    "    if [dns][flags][truncated][response] == \"true\"",
    "      mutate (filter-mutate-89f1b2973a90)",
    "    if [dns][flags][z_bit] and [dns][flags][z_bit] != \"0\"",
    "      mutate (filter-mutate-4e320200150b)",
    "    if [dns][flags][rejected] in [ \"true\", \"false\" ]",
    "      translate (filter-translate-8a01ef3f6615)",
    "    ruby (filter-ruby-889157cb56d4)",
  ],
  "corelight-ecs-logstash-mappings/pipeline/8115-corelight-ecs-user_agent-original-enrich-filter.conf": [
    "filter",
    "  if [user_agent][original]",
    "    ruby (filter-ruby-34f3c6dbe1ff)",
    "    if [@metadata][temporary_useragent_ruby_success] == \"true\"",
    "      useragent (filter-useragent-db3427e61888)",
    "    if [@metadata][temporary_useragent_parse_success] == \"true\"",
    "      mutate (filter-mutate-8ad45accd785)",
  ],
  "elastic-ecs-mapper/example/logstash/1-input.conf": [
    "input",
    "  stdin",
    "  file",
    "filter",
    "  mutate",
  ],
  "elastic-ecs-mapper/example/logstash/2-ecs-conversion.conf": [
    "filter",
    "  mutate",
    "  date",
    "  date",
    "  date",
    "  if [host][ip]",
    "    ruby",
  ],
  "elastic-ecs-mapper/example/logstash/3-output.conf": [
    "output",
    "  stdout",
  ],
  "elastic-examples/Common Data Formats/nginx_logs/logstash/nginx_logstash.conf": [
    "input",
    "  stdin",
    "filter",
    "  grok",
    "  date",
    "  geoip",
    "  useragent",
    "output",
    "  stdout",
    "    dots",
    "  elasticsearch",
  ],
  "elastic-examples/Security Analytics/ssh_analysis/ssh_analysis_logstash.conf": [
    "input",
    "  tcp",
    "    cef",
    "filter",
    "  geoip",
    "  geoip",
    "  geoip",
    "  date",
    "output",
    "  elasticsearch",
  ],
  "philhagen-sof-elk/configfiles/6200-zeek_dns.conf": [
    "filter",
    "  if [labels][type] == \"zeek_dns\" and \"zeek_json\" in [tags]",
    "    mutate",
    "    if [raw][qclass_name]",
    "      translate",
    "    date",
    "    if [dns][answers][data] and [dns][question][type] != \"CNAME\"",
    "      grok",
    "    if ![dns][question][type]",
    "      mutate",
    "    if [raw][AA]",
    "      mutate",
    "    if [raw][TC]",
    "      mutate",
    "    if [raw][RD]",
    "      mutate",
    "    if [raw][RA]",
    "      mutate",
    "    if [raw][AD]",
    "      mutate",
    "    if [raw][CD]",
    "      mutate",
    "    if [raw][DO]",
    "      mutate",
    "    mutate",
  ],

};

describe('Logstash corpus', () => {
  it('finds the corpus and its 18 Logstash configs', () => {
    assert.ok(existsSync(corpus), `The shared corpus is missing: expected it at ${corpus} (../shared/corpus from the repository root).`);
    const found = confFiles(corpus).map((f) => relative(corpus, f).split('\\').join('/')).sort();
    assert.equal(found.length, 18, `expected 18 .conf files under ${corpus}, found ${found.length}: ${found.join(', ')}`);
    assert.deepEqual(found, Object.keys(outlines).sort());
  });

  const files = existsSync(corpus) ? confFiles(corpus).sort() : [];
  for (const file of files) {
    const name = relative(corpus, file).split('\\').join('/');
    describe(name, () => {
      const text = readFileSync(file, 'utf8');
      const parse = parseLogstash(text);

      it('parses without a syntax problem', () => {
        assert.deepEqual(parse.problems.map((p) => `${p.start}: ${p.message}`), []);
      });

      it('formats idempotently, and the formatted text parses to the same tree', () => {
        const once = applyEdits(text, formatLogstash(text, { tabSize: 2, insertSpaces: true }));
        assert.deepEqual(formatLogstash(once, { tabSize: 2, insertSpaces: true }), [], 'formatting twice changed the text again');
        assert.deepEqual(parseLogstash(once).problems, []);
        assert.deepEqual(logstashShape(once), logstashShape(text));
      });

      it('has its outline, every name inside its symbol and every symbol inside its parent', () => {
        const symbols = logstashSymbols(parse);
        assert.deepEqual(outlineLines(symbols), outlines[name]);
        const check = (s: LogstashSymbol, parent: { start: number; end: number }): void => {
          assert.ok(within(s.span, parent) && within(s.nameSpan, s.span), `${s.name}: spans out of place`);
          s.children.forEach((c) => check(c, s.span));
        };
        symbols.forEach((s) => check(s, { start: 0, end: text.length }));
      });

      it('folds every section and every multi-line plugin', () => {
        const ranges = logstashFoldingRanges(parse);
        const starts = new Set(ranges.map((r) => r.start));
        for (const section of parse.config.sections) assert.ok(starts.has(section.start), `${section.name} does not fold`);
        for (const r of ranges) assert.ok(within(r, { start: 0, end: text.length }) && text.slice(r.start, r.end).includes('\n'));
      });
    });
  }
});
