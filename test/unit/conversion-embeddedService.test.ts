// The embedded conversion service over real HTTP on 127.0.0.1: what it renders, what it declines, and junk it survives.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startEmbeddedService, type EmbeddedService } from '../../conversion/embeddedService';
import { ConversionClient, ConversionError } from '../../conversion/conversionClient';
import { bodyInnerHtml } from '../../conversion/bodyInnerHtml';

const FIXTURE_TEMPLATES = resolve(__dirname, '../fixtures/conversion/templates');
const MAIN_PAGE_101 = "== Welcome ==\nThis is the '''latest''' [[Main Page]] revision with {{Greeting|World}}.<ref>A note.</ref>\n\n<references />";

let service: EmbeddedService;
let client: ConversionClient;
before(async () => {
  service = await startEmbeddedService({ templatesDir: FIXTURE_TEMPLATES });
  client = new ConversionClient({ baseUrl: service.url, prefix: 'enwiki' });
});
after(() => service.close());

async function post(path: string, body: string | Buffer, type = 'application/x-www-form-urlencoded'): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(`${service.url}${path}`, { method: 'POST', body, headers: { 'content-type': type } });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

test('listens on 127.0.0.1 only, on a free port', async () => {
  assert.match(service.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.ok(service.port > 0);
  await assert.rejects(fetch(`http://127.0.0.2:${service.port}/enwiki/X`));
});

test('wikitext to a full HTML document with template, link, bold and references', async () => {
  const html = await client.wikitextToHtml('Main Page', MAIN_PAGE_101);
  assert.match(html, /^<!DOCTYPE html>/);
  assert.match(html, /<title>Main Page<\/title>/);
  assert.match(html, /<h2 id="Welcome">Welcome<\/h2>/);
  assert.match(html, /<b>latest<\/b>/);
  assert.match(html, /Hello, World!/, 'Greeting.wiki from the templates folder');
  assert.match(html, /<sup id="cite_ref-1-1" class="reference"><a href="#cite_note-1">\[1\]<\/a><\/sup>/);
  assert.match(html, /<li id="cite_note-1">.*<span class="reference-text">A note\.<\/span><\/li>/);
});

test('body only: the same body as the full document, without the document around it', async () => {
  const full = await client.wikitextToHtml('Main Page', MAIN_PAGE_101);
  const body = await client.wikitextToHtml('Main Page', MAIN_PAGE_101, { bodyOnly: true });
  assert.equal(body, bodyInnerHtml(full));
  assert.doesNotMatch(body, /<body|<html|<!DOCTYPE/);
  const raw = await post('/enwiki/Main_Page', form({ wt: "'''x'''", body: '1' }));
  assert.equal(raw.status, 200);
  assert.equal(raw.type, 'text/html; charset=utf-8');
  assert.equal(raw.text.trim(), '<p><b>x</b>\n</p>');
});

test('page names with / and non-ASCII letters arrive intact ({{PAGENAME}})', async () => {
  assert.match(await client.wikitextToHtml('AC/DC', '{{PAGENAME}}', { bodyOnly: true }), /AC\/DC/);
  assert.match(await client.wikitextToHtml('café au lait', '{{PAGENAME}}', { bodyOnly: true }), /Café au lait/);
  assert.match((await post('/enwiki/AC/DC', form({ wt: '{{PAGENAME}}', body: '' }))).text, /AC\/DC/, 'an unencoded / too');
});

test('references: named reuse, groups, list-defined texts, missing texts and a list nobody placed', async () => {
  const html = await client.wikitextToHtml(
    'X',
    'a<ref name="n">first</ref> b<ref name="n"/> c<ref group="note">grouped</ref> d<ref name="l"/> e<ref name="gone"/>\n' +
      '<references><ref name="l">listed</ref></references>\nf<ref>after the list</ref>',
    { bodyOnly: true },
  );
  assert.equal((html.match(/href="#cite_note-n-1">\[1\]/g) ?? []).length, 2, 'one note, used twice');
  assert.match(html, /\[note 1\]/);
  assert.match(html, /reference-text">first</);
  assert.match(html, /reference-text">listed</);
  assert.match(html, /Cite error: the reference named "gone" has no text/);
  assert.match(html, /reference-text">grouped</, 'the group without <references group=note/> is still listed');
  assert.match(html, /reference-text">after the list</, 'a reference after the list gets a list at the end');
});

test('templates are read from the folder on each request, so edits show at once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fieldwise-templates-'));
  try {
    mkdirSync(join(dir, 'Infobox'));
    writeFileSync(join(dir, 'Infobox', 'Row.wiki'), "'''{{{1}}}'''");
    writeFileSync(join(dir, 'Sign.txt'), 'v1');
    const own = await startEmbeddedService({ templatesDir: dir });
    try {
      const c = new ConversionClient({ baseUrl: own.url, prefix: 'enwiki' });
      assert.match(await c.wikitextToHtml('X', '{{Sign}} {{Infobox/Row|r}}', { bodyOnly: true }), /v1 <b>r<\/b>/);
      writeFileSync(join(dir, 'Sign.txt'), 'version two');
      assert.match(await c.wikitextToHtml('X', '{{sign}}', { bodyOnly: true }), /version two/);
      const missing = await c.wikitextToHtml('X', '{{Nowhere}}', { bodyOnly: true });
      assert.match(missing, /Template:Nowhere/, 'a missing template shows as a red link, not as nothing');
    } finally {
      await own.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('extension tags it cannot render show their source instead of vanishing; HTML stays sanitized', async () => {
  const html = await client.wikitextToHtml('X', 'a <math>x^2</math> b <script>alert(1)</script> <span onclick="x()">s</span>', { bodyOnly: true });
  assert.match(html, /<code class="mw-ext-unrendered"[^>]*>&#60;math&#62;x\^2&#60;\/math&#62;<\/code>/);
  assert.doesNotMatch(html, /<script/);
  assert.doesNotMatch(html, /onclick/);
});

test('the wiki id picks the wiki configuration: jawiki knows ファイル: as the file namespace', async () => {
  const wikitext = '[[ファイル:X.png|thumb|cap]]';
  const ja = await new ConversionClient({ baseUrl: service.url, prefix: 'jawiki' }).wikitextToHtml('X', wikitext, { bodyOnly: true });
  const en = await client.wikitextToHtml('X', wikitext, { bodyOnly: true });
  assert.match(ja, /<figure/);
  assert.doesNotMatch(en, /<figure/);
  assert.match(await new ConversionClient({ baseUrl: service.url, prefix: 'dewiki' }).wikitextToHtml('X', '[[File:Y.png]]', { bodyOnly: true }), /<img/);
});

test('HTML to wikitext and page HTML are declined with 501 and a message saying what to set', async () => {
  for (const call of [
    () => client.htmlToWikitext('Main_Page', '<p>x</p>', { oldid: 101 }),
    () => client.pageHtml('Main_Page'),
    () => client.pageHtml('Main_Page', { oldid: 101 }),
  ]) {
    await assert.rejects(call(), (error: unknown) => {
      assert.ok(error instanceof ConversionError);
      assert.equal(error.kind, 'not-available');
      assert.equal(error.status, 501);
      assert.match(error.message, /not available in the embedded service, set fieldwise\.conversion\.baseUrl/);
      return true;
    });
  }
});

const badRequests: Array<{ name: string; method: string; path: string; body?: string | Buffer; type?: string; status: number; says: RegExp }> = [
  { name: 'both wt and html', method: 'POST', path: '/enwiki/X', body: form({ wt: 'a', html: 'b' }), status: 400, says: /either wt .* or html/ },
  { name: 'neither wt nor html', method: 'POST', path: '/enwiki/X', body: form({ body: '1' }), status: 400, says: /missing form parameter/ },
  { name: 'a JSON body', method: 'POST', path: '/enwiki/X', body: '{"wt":"x"}', type: 'application/json', status: 400, says: /x-www-form-urlencoded/ },
  { name: 'a bad percent-encoding in the page', method: 'POST', path: '/enwiki/Caf%E9', body: form({ wt: 'x' }), status: 400, says: /not valid URL encoding/ },
  { name: 'an upper-case wiki id', method: 'POST', path: '/EnWiki/X', body: form({ wt: 'x' }), status: 404, says: /not a wiki id/ },
  { name: 'the root path', method: 'GET', path: '/', status: 404, says: /expected \/\{wiki id\}\/\{page\}/ },
  { name: 'a wiki id without page', method: 'POST', path: '/enwiki/', body: form({ wt: 'x' }), status: 404, says: /no such resource/ },
  { name: 'PUT', method: 'PUT', path: '/enwiki/X', body: 'x', status: 405, says: /not allowed/ },
  { name: 'a body over 10 MB', method: 'POST', path: '/enwiki/X', body: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'), status: 413, says: /10 MB limit/ },
];

for (const c of badRequests) {
  test(`${c.name} is answered ${c.status} text/plain`, async () => {
    const response = await fetch(`${service.url}${c.path}`, {
      method: c.method,
      body: c.body,
      headers: c.body === undefined ? {} : { 'content-type': c.type ?? 'application/x-www-form-urlencoded' },
    });
    assert.equal(response.status, c.status);
    assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.match(await response.text(), c.says);
  });
}

test('a body over the cap sent without a length (chunked) is refused too', async () => {
  const big = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < 11; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(97));
      controller.close();
    },
  });
  const response = await fetch(`${service.url}/enwiki/X`, {
    method: 'POST',
    body: big,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    duplex: 'half',
  });
  assert.equal(response.status, 413);
});

test('malformed HTTP gets a 400 and the service keeps serving', async () => {
  const reply = await new Promise<string>((resolveReply, reject) => {
    const socket = net.connect(service.port, '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => resolveReply(data));
    socket.on('error', reject);
  });
  assert.match(reply, /^HTTP\/1\.1 400/);
  assert.match(await client.wikitextToHtml('X', 'still here', { bodyOnly: true }), /still here/);
});

test('starting with a missing templates folder or a busy port fails with a reason', async () => {
  await assert.rejects(startEmbeddedService({ templatesDir: join(tmpdir(), 'fieldwise-no-such-folder') }), /templates folder .* cannot be read: ENOENT/);
  await assert.rejects(startEmbeddedService({ port: service.port }), new RegExp(`port ${service.port} on 127.0.0.1 is already in use`));
});

test('close() stops it: later connections are refused', async () => {
  const own = await startEmbeddedService();
  await own.close();
  await own.close();
  await assert.rejects(
    new ConversionClient({ baseUrl: own.url, prefix: 'enwiki' }).wikitextToHtml('X', 'y'),
    (error: unknown) => error instanceof ConversionError && error.kind === 'unreachable',
  );
});
