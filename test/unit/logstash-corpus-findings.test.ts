// The findings on every Logstash config of the shared corpus (../shared/corpus), file by file, read as the editor and
// `fieldwise check` read them: recognised by content (whatever its path), its pipeline's other files read from its
// folder, Logstash 8's ECS mode (v8). Each finding was checked by hand against the file and the schema:
//   - 10_user_agent_enrichment: the grok captures under user_agent (an undefined set in this schema) stand: their removal
//     runs only on a grok failure, inside its own conditional.
//   - 91_geoip: in ECS mode geoip writes `[ip]`, `[geo][...]` and `[mmdb][dma_code]` under its target; a target of
//     `[source][geo]` makes `source.geo.geo.city_name`, `source.geo.ip`, `source.geo.mmdb` (the config was written for the
//     legacy mode, where the fields went right under the target).
//   - vpcflow, apache.access, linux.host: dissect leaves text in long fields (ports, packets, bytes, pid) that no later
//     mutate converts (apache.access converts status_code, which gets nothing); `[log][source][hostname]`: log.source is
//     not in the schema (SOURCES.md); `[log][date]` is removed later (temporary, not judged).
//   - checkpoint.fw: `"[event][kind]" => "checkpoint.fw"` is no allowed value of event.kind; `tmp_data` is a root custom
//     field; the vlan sets are undefined in this schema.
//   - cisco.router: grok captures without `:int` into long fields; `[event][recommendation]` is no Event field;
//     `reason` at the root.
//   - 20_enriched_to_ecs: reads of http.host, source/destination.geo.ip, source/destination.oui (not in the schema,
//     SOURCES.md); `[ecs][version]` is the other family's meta field.
//   - 12_suricata_normalize: `[event][result]` is no Event field (SOURCES.md).
//   - 3111-corelight dns: `[labels][corelight][event_category]` nests inside labels, which holds flat pairs.
//   - 2-ecs-conversion (the three-file pipeline 1-input, 2-ecs-conversion, 3-output): mutate converts
//     event.duration (a long field) to float; `timestamp` and `destination_timestamp` are root custom fields.
//   - nginx_logstash: pre-ECS grok names at the root, geoip under `geoip`; useragent in ECS mode writes under user_agent.
//   - ssh_analysis: geoip into `source`/`destination` in ECS mode writes `mmdb.dma_code`, which the schema does not have.
//   - the dns and user_agent sets are named but not defined by this schema: a hint on each name written there.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { DiskFolderFiles } from '../../server/src/service/diskFolderFiles';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { CORPUS, corpusCases, corpusFiles, readCorpus } from '../helpers/corpus';
import { testCatalog } from './diagnostics-fixture';

const isConf = (file: string): boolean => file.endsWith('.conf');

/** `line code text 'first name the message quotes'` of each finding, in document order. */
const expected: Record<string, string[]> = {
  "cargill-opensiem-logstash-parsing/config/enrichments/10_user_agent_enrichment.conf": [
    "11 undefined-field-set user_agent 'user_agent'",
    "11 undefined-field-set user_agent 'user_agent'",
    "11 undefined-field-set user_agent 'user_agent'",
    "11 undefined-field-set user_agent 'user_agent'",
    "18 undefined-field-set user_agent 'user_agent'",
    "29 undefined-field-set user_agent 'user_agent'",
    "29 undefined-field-set user_agent 'user_agent'",
    "29 undefined-field-set user_agent 'user_agent'",
    "29 undefined-field-set user_agent 'user_agent'",
  ],
  "cargill-opensiem-logstash-parsing/config/enrichments/91_geoip.conf": [
    "20 unknown-field geoip 'destination.geo.ip'",
    "20 unknown-field geoip 'destination.geo.geo'",
    "20 unknown-field geoip 'destination.geo.mmdb'",
    "29 unknown-field geoip 'destination.geo.ip'",
    "29 unknown-field geoip 'destination.geo.geo'",
    "29 unknown-field geoip 'destination.geo.mmdb'",
    "50 unknown-field geoip 'source.geo.ip'",
    "50 unknown-field geoip 'source.geo.geo'",
    "50 unknown-field geoip 'source.geo.mmdb'",
    "59 unknown-field geoip 'source.geo.ip'",
    "59 unknown-field geoip 'source.geo.geo'",
    "59 unknown-field geoip 'source.geo.mmdb'",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/api_network_aws.vpcflow.conf": [
    "20 conversion-type-mismatch [[source][port]] 'source.port'",
    "20 conversion-type-mismatch [[destination][port]] 'destination.port'",
    "20 conversion-type-mismatch [[network][packets]] 'network.packets'",
    "20 conversion-type-mismatch [[network][bytes]] 'network.bytes'",
    "24 unknown-field source][hostname 'log.source'",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/flat_file_audit_apache.access.conf": [
    "20 undefined-field-set agent 'agent'",
    "25 conversion-type-mismatch [[http][response][bytes]] 'http.response.bytes'",
    "31 undefined-field-set agent 'agent'",
    "35 conversion-type-mismatch [[http][response][bytes]] 'http.response.bytes'",
    "59 undefined-field-set agent 'agent'",
    "69 undefined-field-set agent 'agent'",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/flat_file_audit_mwg.proxy.conf": [
    "44 undefined-field-set source][user][group 'source.user.group'",
    "47 undefined-field-set file 'file'",
    "51 unknown-field source][hostname 'log.source'",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/syslog_audit_checkpoint.fw.conf": [
    "12 unknown-field source][hostname 'log.source'",
    "28 undefined-field-set agent 'agent'",
    "54 undefined-field-set agent 'agent'",
    "59 unnamespaced-custom-field tmp_data 'tmp_data'",
    "64 undefined-field-set agent 'agent'",
    "115 undefined-field-set network][inner][vlan 'network.inner.vlan'",
    "116 undefined-field-set network][vlan 'network.vlan'",
    "119 unknown-field source][hostname 'log.source'",
    "140 unknown-field source][hostname 'log.source'",
    "143 value-not-allowed checkpoint.fw 'checkpoint.fw'",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/syslog_audit_cisco.router.conf": [
    "31 conversion-type-mismatch [source][port] 'source.port'",
    "31 conversion-type-mismatch [destination][port] 'destination.port'",
    "31 conversion-type-mismatch [network][packets] 'network.packets'",
    "32 conversion-type-mismatch [source][port] 'source.port'",
    "32 conversion-type-mismatch [destination][port] 'destination.port'",
    "32 conversion-type-mismatch [network][packets] 'network.packets'",
    "32 conversion-type-mismatch [source][port] 'source.port'",
    "32 conversion-type-mismatch [destination][port] 'destination.port'",
    "32 conversion-type-mismatch [network][packets] 'network.packets'",
    "33 conversion-type-mismatch [source][port] 'source.port'",
    "33 conversion-type-mismatch [destination][port] 'destination.port'",
    "33 conversion-type-mismatch [network][packets] 'network.packets'",
    "36 unnamespaced-custom-field reason 'reason'",
    "37 undefined-field-set network][vlan 'network.vlan'",
    "37 undefined-field-set network][vlan 'network.vlan'",
    "69 unknown-field recommendation 'event.recommendation'",
  ],
  "cargill-opensiem-logstash-parsing/config/processors/syslog_audit_linux.host.conf": [
    "28 undefined-field-set agent 'agent'",
    "32 conversion-type-mismatch [[process][pid]] 'process.pid'",
    "37 undefined-field-set agent 'agent'",
    "41 unknown-field severity_name 'event.severity_name'",
    "47 undefined-field-set agent 'agent'",
    "51 unknown-field severity_name 'event.severity_name'",
    "59 undefined-field-set agent 'agent'",
    "63 conversion-type-mismatch [[process][pid]] 'process.pid'",
    "69 undefined-field-set agent 'agent'",
    "73 conversion-type-mismatch [[process][pid]] 'process.pid'",
    "73 unknown-field severity_name 'event.severity_name'",
    "81 undefined-field-set agent 'agent'",
    "85 conversion-type-mismatch [[process][pid]] 'process.pid'",
    "91 undefined-field-set agent 'agent'",
    "100 undefined-field-set agent 'agent'",
    "110 undefined-field-set agent 'agent'",
    "149 unknown-field source][hostname 'log.source'",
  ],
  "cisagov-malcolm/logstash/pipelines/enrichment/20_enriched_to_ecs.conf": [
    "10 unknown-read-field host 'http.host'",
    "11 unknown-read-field host 'http.host'",
    "30 unknown-read-field ip 'destination.geo.ip'",
    "31 unknown-read-field ip 'destination.geo.ip'",
    "32 unknown-read-field ip 'source.geo.ip'",
    "33 unknown-read-field ip 'source.geo.ip'",
    "38 unknown-read-field oui 'source.oui'",
    "39 undefined-field-set related 'related'",
    "39 unknown-read-field oui 'source.oui'",
    "40 unknown-read-field oui 'destination.oui'",
    "41 undefined-field-set related 'related'",
    "41 unknown-read-field oui 'destination.oui'",
    "45 undefined-field-set related 'related'",
    "47 undefined-field-set related 'related'",
    "57 foreign-meta-field ecs][version 'ecs.version'",
    "90 undefined-field-set file 'file'",
    "93 undefined-field-set file 'file'",
    "112 undefined-field-set file 'file'",
    "113 undefined-field-set file 'file'",
  ],
  "cisagov-malcolm/logstash/pipelines/suricata/12_suricata_normalize.conf": [
    "25 unknown-field result 'event.result'",
    "41 undefined-field-set file 'file'",
    "44 undefined-field-set file 'file'",
    "60 undefined-field-set file 'file'",
    "61 undefined-field-set file 'file'",
    "71 undefined-field-set file 'file'",
    "77 undefined-field-set file 'file'",
    "82 undefined-field-set related 'related'",
    "84 undefined-field-set related 'related'",
    "86 undefined-field-set related 'related'",
  ],
  "corelight-ecs-logstash-mappings/pipeline/3111-corelight-ecs-dns-filter.conf": [
    "15 not-flat corelight][event_category 'corelight.event_category'",
    "22 undefined-field-set dns 'dns'",
    "23 undefined-field-set dns 'dns'",
    "24 undefined-field-set dns 'dns'",
    "25 undefined-field-set dns 'dns'",
    "26 undefined-field-set dns 'dns'",
    "27 undefined-field-set dns 'dns'",
    "28 undefined-field-set dns 'dns'",
    "29 undefined-field-set dns 'dns'",
    "30 undefined-field-set dns 'dns'",
    "31 undefined-field-set dns 'dns'",
    "32 undefined-field-set dns 'dns'",
    "33 undefined-field-set dns 'dns'",
    "34 undefined-field-set dns 'dns'",
    "55 undefined-field-set dns 'dns'",
    "59 undefined-field-set dns 'dns'",
    "63 undefined-field-set dns 'dns'",
    "67 undefined-field-set dns 'dns'",
    "71 undefined-field-set dns 'dns'",
    "75 undefined-field-set dns 'dns'",
    "91 undefined-field-set dns 'dns'",
    "103 undefined-field-set dns 'dns'",
    "115 undefined-field-set dns 'dns'",
    "127 undefined-field-set dns 'dns'",
    "139 undefined-field-set dns 'dns'",
  ],
  "corelight-ecs-logstash-mappings/pipeline/8115-corelight-ecs-user_agent-original-enrich-filter.conf": [
    "15 undefined-field-set user_agent 'user_agent'",
    "16 undefined-field-set user_agent 'user_agent'",
    "17 undefined-field-set user_agent 'user_agent'",
    "32 unnamespaced-custom-field temp_user_agent 'temp_user_agent'",
    "47 undefined-field-set user_agent 'user_agent'",
    "48 undefined-field-set user_agent 'user_agent'",
    "49 undefined-field-set user_agent 'user_agent'",
    "50 undefined-field-set user_agent 'user_agent'",
    "51 undefined-field-set user_agent 'user_agent'",
    "52 undefined-field-set user_agent 'user_agent'",
    "53 undefined-field-set user_agent 'user_agent'",
    "54 undefined-field-set user_agent 'user_agent'",
    "55 undefined-field-set user_agent 'user_agent'",
    "56 undefined-field-set user_agent 'user_agent'",
    "57 undefined-field-set user_agent 'user_agent'",
    "58 undefined-field-set user_agent 'user_agent'",
    "59 undefined-field-set user_agent 'user_agent'",
    "60 undefined-field-set user_agent 'user_agent'",
  ],
  "elastic-ecs-mapper/example/logstash/1-input.conf": [
  ],
  "elastic-ecs-mapper/example/logstash/2-ecs-conversion.conf": [
    "11 unnamespaced-custom-field timestamp 'timestamp'",
    "15 conversion-type-mismatch float 'float'",
    "38 unnamespaced-custom-field destination_timestamp 'destination_timestamp'",
  ],
  "elastic-ecs-mapper/example/logstash/3-output.conf": [
  ],
  "elastic-examples/Common Data Formats/nginx_logs/logstash/nginx_logstash.conf": [
    "8 unnamespaced-custom-field remote_ip 'remote_ip'",
    "8 unnamespaced-custom-field user_name 'user_name'",
    "8 unnamespaced-custom-field time 'time'",
    "8 unnamespaced-custom-field request_action 'request_action'",
    "8 unnamespaced-custom-field request 'request'",
    "8 unnamespaced-custom-field http_version 'http_version'",
    "8 unnamespaced-custom-field response 'response'",
    "8 unnamespaced-custom-field bytes 'bytes'",
    "8 unnamespaced-custom-field referrer 'referrer'",
    "8 undefined-field-set agent 'agent'",
    "19 unnamespaced-custom-field geoip 'geoip'",
    "22 undefined-field-set useragent 'user_agent'",
    "24 undefined-field-set user_agent 'user_agent'",
  ],
  "elastic-examples/Security Analytics/ssh_analysis/ssh_analysis_logstash.conf": [
    "13 unknown-field geoip 'source.mmdb'",
    "19 unknown-field geoip 'destination.mmdb'",
    "27 unnamespaced-custom-field device 'device'",
  ],
  "philhagen-sof-elk/configfiles/6200-zeek_dns.conf": [
    "19 undefined-field-set dns 'dns'",
    "20 undefined-field-set dns 'dns'",
    "21 undefined-field-set dns 'dns'",
    "22 undefined-field-set dns 'dns'",
    "23 undefined-field-set dns 'dns'",
    "24 undefined-field-set dns 'dns'",
    "25 undefined-field-set dns 'dns'",
    "26 undefined-field-set dns 'dns'",
    "27 undefined-field-set dns 'dns'",
    "36 undefined-field-set dns 'dns'",
    "48 undefined-field-set dns 'dns'",
    "55 undefined-field-set dns 'dns'",
    "59 undefined-field-set dns 'dns'",
    "60 undefined-field-set dns 'dns'",
    "61 undefined-field-set dns 'dns'",
    "62 undefined-field-set dns 'dns'",
    "63 undefined-field-set dns 'dns'",
    "64 undefined-field-set dns 'dns'",
    "65 undefined-field-set dns 'dns'",
    "69 undefined-field-set dns 'dns'",
  ],
};

describe('Logstash corpus findings', () => {
  const service = new LanguageService(testCatalog(), defaultSettings, new DiskFolderFiles((file) => join(CORPUS, file), () => Infinity));

  it('lists every Logstash config of the corpus', () => {
    assert.deepEqual(corpusFiles('Logstash configs', isConf), Object.keys(expected).sort());
  });

  for (const name of corpusCases('Logstash configs', isConf)) {
    it(name, () => {
      const text = readCorpus(name);
      // By its content alone: a path no glob names.
      const type = service.fileTypeOf(`elsewhere/${name.split('/').pop()}`, text, defaultSettings);
      assert.equal(type?.kind, 'logstash', 'recognised as Logstash by its content');
      const found = service.diagnostics(service.parse(text, type), name)
        .map((d) => `${text.slice(0, d.start).split('\n').length} ${d.code} ${text.slice(d.start, d.end)} '${/'([^']+)'/.exec(d.message)?.[1] ?? ''}'`);
      assert.deepEqual(found, expected[name]);
    });
  }
});
