// The Beats configurations, Beats module configs and Elastic Agent stream templates of the real-world corpus
// (../shared/corpus, SOURCES.md): each is read as a Beats configuration (by its path, and by its content where it
// writes a processors list of its own), never as an event document or a pipeline; none crashes; the findings file by
// file, by code and the text each underlines (fields the schema defines get nothing; the misspelt `referer` is found);
// read as a skeleton and one unit per processor, each gets what it gets read whole. The corpus's ingest pipelines and
// event documents are not Beats configurations.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadBeatsProcessorTable } from '../../server/src/catalog/beatsProcessors';
import { fileType } from '../../server/src/document/fileType';
import { checkBeats } from '../../server/src/kinds/beats/beatsDiagnostics';
import { parseBeatsDocument } from '../../server/src/kinds/beats/beatsDocument';
import { beatsEnv } from '../../server/src/kinds/beats/beatsEnv';
import { beatsTags } from '../../server/src/kinds/beats/beatsOutline';
import { beatsReferences, renameBeats } from '../../server/src/kinds/beats/beatsRefs';
import { fileTypeOf } from '../../server/src/service/detect';
import { LanguageService } from '../../server/src/service/languageService';
import { defaultSettings } from '../../server/src/service/settings';
import { readCorpus } from '../helpers/corpus';
import { featureEnv, testCatalog } from '../helpers/featureFixture';

const service = new LanguageService(testCatalog(), defaultSettings);
const PACKAGES = 'elastic-integrations/packages';

interface BeatsCase {
  file: string;
  /** The file writes a processors list of its own (the others hold processors only as a template's `{{processors}}`). */
  byContent: boolean;
  /** Each finding as `code: the text it underlines`, and how many times. */
  findings: Record<string, number>;
}

const configs: BeatsCase[] = [
  { file: 'cisagov-malcolm/filebeat/filebeat-tcp.yml', byContent: true, findings: {} },
  // decode_json_fields into `file`, a field set the schema names but does not define; an anchored list used twice.
  { file: 'cisagov-malcolm/filebeat/filebeat-zeek-files-logs.yml', byContent: true, findings: { 'undefined-field-set: file': 3 } },
  { file: 'elastic-beats/filebeat/module/nginx/access/config/nginx-access.yml', byContent: true, findings: {} },
  { file: 'elastic-beats/filebeat/module/system/auth/config/auth.yml', byContent: true, findings: {} },
  {
    // The trap: event.category network_traffic; also outcomes allow/deny and the type flow, none of the schema's values.
    file: 'elastic-beats/x-pack/filebeat/module/aws/vpcflow/config/input.yml', byContent: true,
    findings: { 'beats-value-invalid: allow': 1, 'beats-value-invalid: deny': 1, 'beats-value-invalid: flow': 1, 'beats-value-invalid: network_traffic': 1, 'foreign-meta-field: ecs.version': 1 },
  },
  {
    // convert has fail_on_error, not ignore_failure; script has tag, not id: Beats passes over both.
    file: 'elastic-beats/x-pack/filebeat/module/suricata/eve/config/eve.yml', byContent: true,
    findings: { 'beats-unknown-option: ignore_failure': 5, 'undefined-field-set: dns': 16, 'beats-unknown-option: id': 1, 'foreign-meta-field: ecs.version': 1 },
  },
  {
    file: 'elastic-ecs-mapper/example/beats.yml', byContent: true,
    findings: { 'unnamespaced-custom-field: destination_timestamp': 1, 'unnamespaced-custom-field: timestamp': 1, 'beats-convert-type-mismatch: float': 1 },
  },
  {
    file: 'elastic-ecs-mapper/example/beats/filebeat.yml', byContent: true,
    findings: { 'unnamespaced-custom-field: destination_timestamp': 1, 'unnamespaced-custom-field: timestamp': 1, 'beats-convert-type-mismatch: float': 1 },
  },
  // add_host_metadata's options are lower case: `Geo` is passed over.
  { file: 'elastic-examples/Security Analytics/SIEM-at-Home/beats-configs/beats-general-config.yml', byContent: true, findings: { 'beats-unknown-option: Geo': 1 } },
  { file: 'elastic-examples/Security Analytics/SIEM-at-Home/beats-configs/beats-on-windows/winlogbeat.yml', byContent: true, findings: { 'beats-unknown-option: id': 2 } },
  { file: `${PACKAGES}/aws/data_stream/cloudtrail/agent/stream/aws-s3.yml.hbs`, byContent: false, findings: {} },
  { file: `${PACKAGES}/fortinet_fortigate/data_stream/log/agent/stream/udp.yml.hbs`, byContent: true, findings: { 'unnamespaced-custom-field: _temp': 3 } },
  { file: `${PACKAGES}/nginx/data_stream/access/agent/stream/stream.yml.hbs`, byContent: true, findings: {} },
  // request.transforms[].set.target (url.params.limit, url.value) are request parts, never fields.
  { file: `${PACKAGES}/okta/data_stream/system/agent/stream/httpjson.yml.hbs`, byContent: false, findings: {} },
  // The misspelt schema field: http.request.referer (the schema spells it referrer).
  { file: `${PACKAGES}/panw/data_stream/panos/agent/stream/log.yml.hbs`, byContent: true, findings: { 'undefined-field-set: file': 1, 'unknown-field: referer': 1, 'foreign-meta-field: ecs.version': 1 } },
  { file: `${PACKAGES}/suricata/data_stream/eve/agent/stream/log.yml.hbs`, byContent: true, findings: {} },
  // The agent variable in `condition:` is the agent's, not a field.
  { file: `${PACKAGES}/system/data_stream/auth/agent/stream/log.yml.hbs`, byContent: true, findings: {} },
  { file: `${PACKAGES}/windows/data_stream/sysmon_operational/agent/stream/winlog.yml.hbs`, byContent: false, findings: {} },
  { file: `${PACKAGES}/zeek/data_stream/connection/agent/stream/log.yml.hbs`, byContent: true, findings: { 'foreign-meta-field: ecs.version': 1 } },
  {
    // registered_domain has ignore_failure, not fail_on_error.
    file: `${PACKAGES}/zeek/data_stream/dns/agent/stream/log.yml.hbs`, byContent: true,
    findings: { 'beats-unknown-option: fail_on_error': 1, 'undefined-field-set: dns': 15, 'beats-unknown-option: id': 1, 'foreign-meta-field: ecs.version': 1 },
  },
  // An inputs.d-style top-level list of inputs.
  { file: 'philhagen-sof-elk/lib/filebeat_inputs/zeek.yml', byContent: true, findings: {} },
];

/** `code: text` of each diagnostic, counted. */
function findingsOf(text: string, file: string): Record<string, number> {
  const type = fileTypeOf(file, text, defaultSettings, service.currentCatalog);
  assert.equal(type?.kind, 'beats', file);
  const out: Record<string, number> = {};
  for (const d of service.diagnostics(service.parse(text, type), file)) {
    const key = `${d.code}: ${text.slice(d.start, d.end)}`;
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

describe('the corpus\'s Beats configurations, module configs and agent templates', () => {
  for (const c of configs) {
    test(`${c.file.replace(`${PACKAGES}/`, '')}: a Beats configuration, with its findings`, () => {
      const text = readCorpus(c.file);
      assert.deepEqual(findingsOf(text, c.file), c.findings);
      // A path no glob takes: content decides (a `.yml.hbs` file is YAML by its name whatever its language id).
      const elsewhere = fileTypeOf(`notes/config${c.file.endsWith('.hbs') ? '.yml.hbs' : '.yml'}`, text, defaultSettings, service.currentCatalog, 'handlebars')?.kind;
      assert.notEqual(elsewhere, 'events', 'never an event document');
      assert.notEqual(elsewhere, 'ingestPipeline', 'never a pipeline');
      if (c.byContent) assert.equal(elsewhere, 'beats', 'by its content alone');
    });
  }

  test('the corpus has about twenty of them', () => {
    assert.ok(configs.length >= 20, String(configs.length));
  });

  test('each reads the same as a skeleton and units as read whole', () => {
    const env = beatsEnv(featureEnv('yaml'));
    const table = loadBeatsProcessorTable();
    let split = 0;
    for (const c of configs) {
      const text = readCorpus(c.file);
      const units = parseBeatsDocument(text, fileType('beats', 'yaml'), table, { splitAbove: 0 });
      const whole = parseBeatsDocument(text, fileType('beats', 'yaml'), table, { splitAbove: Infinity });
      if (units.units.length > 0) split++;
      assert.deepEqual(checkBeats(units, env), checkBeats(whole, env), c.file);
    }
    assert.ok(split >= 10, `${split} files split into units`);
  });

  test('each gives the workspace the same references, identifiers and rename edits, as a skeleton and units (checked first or not) as read whole', () => {
    const table = loadBeatsProcessorTable();
    const env = beatsEnv(featureEnv('yaml'));
    let renamed = 0;
    for (const c of configs) {
      const text = readCorpus(c.file);
      const units = parseBeatsDocument(text, fileType('beats', 'yaml'), table, { splitAbove: 0, fresh: true });
      const checked = parseBeatsDocument(text, fileType('beats', 'yaml'), table, { splitAbove: 0, fresh: true });
      checkBeats(checked, env);
      const whole = parseBeatsDocument(text, fileType('beats', 'yaml'), table, { splitAbove: Infinity });
      const places = (doc: typeof units): string[] => [...beatsReferences(doc)].map((r) => `${r.start}-${r.end} ${r.use}${r.object ? ' object' : ''} ${r.path} ${text.slice(r.start, r.end)}`).sort();
      const found = places(whole);
      assert.deepEqual(places(units), found, c.file);
      assert.deepEqual(places(checked), found, `${c.file}, checked first`);
      const identifiers = beatsTags(whole);
      assert.deepEqual(beatsTags(units), identifiers, c.file);
      assert.deepEqual(beatsTags(checked), identifiers, `${c.file}, checked first`);
      // Each place's text is its own segments of the path (a name spelt in place, or a default target's processor).
      for (const r of beatsReferences(whole)) {
        const own = r.path.split('.').slice(r.first).join('.');
        const written = text.slice(r.start, r.end);
        assert.ok(written === own || /^[a-z_]+$/.test(written), `${c.file}: ${written} at ${r.start} for ${r.path}`);
      }
      const written = [...beatsReferences(whole)].find((r) => r.use === 'write' && !r.object && r.first === 0 && text.slice(r.start, r.end) === r.path);
      if (!written) continue;
      const from = written.path.split('.');
      const to = [...from.slice(0, -1), `${from[from.length - 1]}_renamed`];
      const answer = renameBeats(whole, from, to);
      assert.deepEqual(renameBeats(units, from, to), answer, c.file);
      assert.ok('edits' in answer && answer.edits.some((e) => e.start === written.start), `${c.file}: ${written.path} renamed where it is written`);
      renamed++;
    }
    assert.ok(renamed >= 10, `${renamed} files with a field renamed`);
  });
});

const notBeats = [
  `${PACKAGES}/nginx/data_stream/access/elasticsearch/ingest_pipeline/default.yml`,
  `${PACKAGES}/zeek/data_stream/dns/elasticsearch/ingest_pipeline/default.yml`,
  `${PACKAGES}/okta/data_stream/system/elasticsearch/ingest_pipeline/default.yml`,
  `${PACKAGES}/nginx/data_stream/access/sample_event.json`,
  `${PACKAGES}/nginx/data_stream/access/fields/ecs.yml`,
  'elastic-ecs/generated/beats/fields.ecs.yml',
];

describe('the corpus\'s pipelines, events and field files are not Beats configurations', () => {
  for (const file of notBeats) {
    test(file.replace(`${PACKAGES}/`, ''), () => {
      const text = readCorpus(file);
      assert.notEqual(fileTypeOf(file, text, defaultSettings, service.currentCatalog)?.kind, 'beats');
      assert.notEqual(fileTypeOf(`notes/config.${file.split('.').pop()}`, text, defaultSettings, service.currentCatalog)?.kind, 'beats');
    });
  }
});
