// The tools the tests install and run (nested npm, node 24, code-server, Parsoid, ...) are spawned through run(), whose
// environment comes from an allow-list: what the npm running the tests sets (npm_*, INIT_CWD, NODE_OPTIONS) never
// reaches them (code-server's install read the outer node's version from npm_config_user_agent).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { run } from '../e2e/prerequisites';

/** What `npm test` puts in the environment of its script, as npm 11 does. */
const OUTER_NPM: Record<string, string> = {
  npm_config_user_agent: 'npm/11.19.1 node/v20.20.2 linux x64 workspaces/false',
  npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js',
  npm_node_execpath: '/usr/bin/node',
  npm_command: 'test',
  npm_lifecycle_event: 'test:e2e',
  npm_package_json: '/somewhere/package.json',
  npm_config_nodedir: '/usr',
  npm_config_globalconfig: '/usr/etc/npmrc',
  npm_config_cache: join(homedir(), '.npm'),
  INIT_CWD: '/somewhere',
  NODE_OPTIONS: '--max-old-space-size=4096',
  NODE: '/usr/bin/node',
};

/** The environment a child spawned through run() sees, with `parent` set in ours meanwhile. */
async function childEnv(parent: Record<string, string>, extra?: Record<string, string>): Promise<Record<string, string>> {
  const saved = { ...process.env };
  Object.assign(process.env, parent);
  try {
    const output = await run(process.execPath, ['-e', 'process.stdout.write("ENV " + JSON.stringify(process.env) + "\\n")'], { env: extra, what: 'env printer' });
    const line = output.split('\n').find((candidate) => candidate.startsWith('ENV '));
    assert.ok(line, `the child printed its environment: ${output}`);
    return JSON.parse(line.slice(4)) as Record<string, string>;
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
}

test('no npm_*, INIT_CWD or NODE_OPTIONS variable of ours reaches a tool', async () => {
  const env = await childEnv(OUTER_NPM);
  assert.deepEqual(Object.keys(env).filter((name) => /^npm_/i.test(name) || ['INIT_CWD', 'NODE_OPTIONS', 'NODE'].includes(name)), []);
});

test('a tool gets PATH, HOME, the proxy and certificate variables, and the extra ones it needs', async () => {
  const parent = {
    HTTPS_PROXY: 'http://127.0.0.1:3128',
    no_proxy: '127.0.0.1,localhost',
    NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt',
    SSL_CERT_FILE: '/etc/ssl/certs/ca-certificates.crt',
    XDG_CACHE_HOME: '/tmp/fieldwise-xdg-cache',
    FIELDWISE_UNRELATED: 'x',
  };
  const env = await childEnv({ ...OUTER_NPM, ...parent }, { npm_config_nodedir: '/opt/node24', XDG_DATA_HOME: '/tmp/fieldwise-data' });
  assert.equal(env.PATH, process.env.PATH);
  assert.equal(env.HOME, process.env.HOME);
  for (const name of ['HTTPS_PROXY', 'no_proxy', 'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'XDG_CACHE_HOME'] as const) assert.equal(env[name], parent[name], name);
  assert.equal(env.FIELDWISE_UNRELATED, undefined);
  assert.equal(env.npm_config_nodedir, '/opt/node24', 'what the caller adds for the tool');
  assert.equal(env.XDG_DATA_HOME, '/tmp/fieldwise-data');
});

test("npm's download cache is passed on only where one was chosen away from ~/.npm", async () => {
  assert.equal((await childEnv(OUTER_NPM)).npm_config_cache, undefined, 'the default: a child npm finds it by itself');
  const chosen = join('/tmp', 'fieldwise-npm-cache');
  assert.equal((await childEnv({ ...OUTER_NPM, npm_config_cache: chosen })).npm_config_cache, chosen);
});
