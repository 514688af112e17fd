// The corpus's integration packages (nginx, zeek, aws, okta, suricata, system: pipelines, field files, sample events,
// expected outputs and agent stream templates side by side) as one workspace, through the built server over stdio: find references of
// `source.ip`, `event.category` and a package's own field, listed file by file (line:character, 1-based). Every place
// that writes, reads, defines or carries the field is there however it is spelt: a grok capture, a mustache template,
// a painless condition, a field option, a nested key, a dotted key in an expected output, an `external: ecs` entry,
// an agent stream's processor option (a convert's `to`, an extract_array mapping, an add_fields key below its target).
// The corpus is read, never written. Needs `npm run build` first.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Location } from 'vscode-languageserver-protocol';
import { fileUri, LspSession, startServer } from '../fixtures/lsp/harness';
import { corpusPath, readCorpus } from '../helpers/corpus';

const PACKAGES = 'elastic-integrations';
let root: string;
let server: LspSession;

before(async () => {
  root = corpusPath(PACKAGES);
  server = await startServer({ workspace: root });
});

after(async () => {
  await server?.stop();
});

/** The references of the field named at `needle`'s first place in `file`, grouped by file. */
async function referencesOf(file: string, needle: string): Promise<Record<string, string>> {
  const uri = fileUri(join(root, file));
  const text = readCorpus(`${PACKAGES}/${file}`);
  server.open(uri, 'yaml', text);
  const at = text.indexOf(needle);
  assert.ok(at >= 0);
  const found = await server.request<Location[]>('textDocument/references', { textDocument: { uri }, position: server.position(uri, at + 2), context: { includeDeclaration: true } });
  const out: Record<string, string[]> = {};
  for (const l of found) (out[relative(root, fileURLToPath(l.uri)).split('\\').join('/')] ??= []).push(`${l.range.start.line + 1}:${l.range.start.character + 1}`);
  return Object.fromEntries(Object.keys(out).sort().map((f) => [f, out[f].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).join(' ')]));
}

const P = 'packages';

describe('the corpus\'s integration packages as a workspace', () => {
  test('source.ip: captured, read, copied and carried in every package', async () => {
    assert.deepEqual(await referencesOf(`${P}/nginx/data_stream/access/elasticsearch/ingest_pipeline/default.yml`, 'source.ip'), {
      [`${P}/aws/data_stream/cloudtrail/_dev/test/pipeline/test-console-login-json.log-expected.json`]: '87:18 195:18 311:18',
      [`${P}/aws/data_stream/cloudtrail/elasticsearch/ingest_pipeline/default.yml`]: '147:17 149:14 155:14',
      [`${P}/aws/data_stream/cloudtrail/fields/ecs.yml`]: '60:9',
      [`${P}/nginx/data_stream/access/_dev/test/pipeline/test-test-with-host.log-expected.json`]: '53:18 137:18 201:18',
      [`${P}/nginx/data_stream/access/elasticsearch/ingest_pipeline/default.yml`]: '116:15 144:14 149:14 182:17 183:17',
      [`${P}/nginx/data_stream/access/fields/ecs.yml`]: '186:9',
      [`${P}/nginx/data_stream/access/sample_event.json`]: '96:10',
      [`${P}/okta/data_stream/system/elasticsearch/ingest_pipeline/default.yml`]: '500:18 648:21 650:20 663:18 672:18',
      [`${P}/okta/data_stream/system/sample_event.json`]: '137:10',
      [`${P}/panw/data_stream/panos/agent/stream/log.yml.hbs`]: '44:9 105:9',
      [`${P}/suricata/data_stream/eve/_dev/test/pipeline/test-eve-tls-empty-subject.log-expected.json`]: '77:18',
      [`${P}/suricata/data_stream/eve/elasticsearch/ingest_pipeline/default.yml`]: '30:14 523:14 533:14 569:16 571:17',
      [`${P}/suricata/data_stream/eve/fields/ecs.yml`]: '148:13',
      [`${P}/suricata/data_stream/eve/sample_event.json`]: '63:10',
      [`${P}/system/data_stream/auth/elasticsearch/ingest_pipeline/default.yml`]: '15:47 18:80 79:14 110:14 115:14 188:17 190:17 190:43',
      [`${P}/system/data_stream/auth/fields/ecs.yml`]: '151:13',
      [`${P}/zeek/data_stream/connection/agent/stream/log.yml.hbs`]: '68:41',
      [`${P}/zeek/data_stream/dns/_dev/test/pipeline/test-dns.log-expected.json`]: '76:18 158:18 234:18 330:18 428:18 567:18 683:18 775:18',
      [`${P}/zeek/data_stream/dns/agent/stream/log.yml.hbs`]: '174:38',
      [`${P}/zeek/data_stream/dns/elasticsearch/ingest_pipeline/default.yml`]: '113:14 280:14 292:14 333:18',
      [`${P}/zeek/data_stream/dns/fields/ecs.yml`]: '281:9',
      [`${P}/zeek/data_stream/dns/sample_event.json`]: '85:10',
    });
  });

  test('event.category: appended, set and carried as a list', async () => {
    assert.deepEqual(await referencesOf(`${P}/nginx/data_stream/access/elasticsearch/ingest_pipeline/default.yml`, 'event.category'), {
      [`${P}/aws/data_stream/cloudtrail/_dev/test/pipeline/test-console-login-json.log-expected.json`]: '44:18 152:18 270:18',
      [`${P}/nginx/data_stream/access/_dev/test/pipeline/test-test-with-host.log-expected.json`]: '13:18 87:18 166:18 217:18',
      [`${P}/nginx/data_stream/access/elasticsearch/ingest_pipeline/default.yml`]: '167:14',
      [`${P}/nginx/data_stream/access/sample_event.json`]: '26:10',
      [`${P}/okta/data_stream/system/elasticsearch/ingest_pipeline/default.yml`]: '63:18 71:18 82:18 86:18',
      [`${P}/okta/data_stream/system/sample_event.json`]: '43:10',
      [`${P}/suricata/data_stream/eve/_dev/test/pipeline/test-eve-tls-empty-subject.log-expected.json`]: '32:18',
      [`${P}/suricata/data_stream/eve/elasticsearch/ingest_pipeline/default.yml`]: '153:13',
      [`${P}/suricata/data_stream/eve/sample_event.json`]: '30:10',
      [`${P}/system/data_stream/auth/_dev/test/pipeline/test-sudo-no-tty.log-expected.json`]: '9:18',
      [`${P}/system/data_stream/auth/elasticsearch/ingest_pipeline/default.yml`]: '138:15 143:15 149:14',
      [`${P}/system/data_stream/auth/fields/ecs.yml`]: '56:13',
      [`${P}/zeek/data_stream/connection/agent/stream/log.yml.hbs`]: '76:9',
      [`${P}/zeek/data_stream/dns/_dev/test/pipeline/test-dns.log-expected.json`]: '48:18 131:18 207:18 303:18 401:18 540:18 656:18 740:18',
      [`${P}/zeek/data_stream/dns/agent/stream/log.yml.hbs`]: '190:9',
      [`${P}/zeek/data_stream/dns/elasticsearch/ingest_pipeline/default.yml`]: '38:14',
      [`${P}/zeek/data_stream/dns/fields/ecs.yml`]: '165:9',
      [`${P}/zeek/data_stream/dns/sample_event.json`]: '45:10',
    });
  });

  test('okta.actor.id, a package\'s own field: a geoip target and its reads in one pipeline, carried by its sample event', async () => {
    assert.deepEqual(await referencesOf(`${P}/okta/data_stream/system/elasticsearch/ingest_pipeline/default.yml`, 'okta.actor.id'), {
      [`${P}/okta/data_stream/system/elasticsearch/ingest_pipeline/default.yml`]: '182:25 613:21 615:20 618:21 620:20',
      [`${P}/okta/data_stream/system/sample_event.json`]: '66:14',
    });
  });

  test('zeek.session_id: written and read by the agent stream templates (a convert\'s to and from), by a pipeline, carried by the expected outputs and the sample event', async () => {
    assert.deepEqual(await referencesOf(`${P}/zeek/data_stream/dns/agent/stream/log.yml.hbs`, 'zeek.session_id'), {
      [`${P}/zeek/data_stream/connection/agent/stream/log.yml.hbs`]: '39:16 67:19',
      [`${P}/zeek/data_stream/dns/_dev/test/pipeline/test-dns.log-expected.json`]: '109:18 178:18 258:18 358:18 456:18 611:18 711:18 799:18',
      [`${P}/zeek/data_stream/dns/agent/stream/log.yml.hbs`]: '167:36 176:18',
      [`${P}/zeek/data_stream/dns/elasticsearch/ingest_pipeline/default.yml`]: '99:21 109:18',
      [`${P}/zeek/data_stream/dns/sample_event.json`]: '111:10',
    });
  });
});
