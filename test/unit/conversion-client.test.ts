// The conversion client against small real HTTP servers on 127.0.0.1 that answer well and that misbehave.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConversionClient, ConversionError, type ConversionErrorKind } from '../../conversion/conversionClient';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  form: URLSearchParams;
}

interface TestServer {
  url: string;
  port: number;
  seen: Seen[];
  close(): Promise<void>;
}

const servers: TestServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

/** A real server on `host`; `handler` gets the request with its form body already read. */
async function serve(handler: (seen: Seen, response: http.ServerResponse) => void, host = '127.0.0.1'): Promise<TestServer> {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')) };
      seen.push(entry);
      handler(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const result: TestServer = {
    url: `http://${host}:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  servers.push(result);
  return result;
}

function answer(status: number, type: string | undefined, body: string, headers: http.OutgoingHttpHeaders = {}) {
  return (_seen: Seen, response: http.ServerResponse): void => {
    response.writeHead(status, { ...(type ? { 'content-type': type } : {}), ...headers });
    response.end(body);
  };
}

function client(server: { url: string }, options: { timeoutMs?: number; maxResponseBytes?: number; maxRedirects?: number } = {}): ConversionClient {
  return new ConversionClient({ baseUrl: server.url, prefix: 'enwiki', ...options });
}

/** Expects the call to fail with a ConversionError of `kind` whose message contains each of `mentions`. */
async function check(call: Promise<unknown>, kind: ConversionErrorKind, mentions: string[], status?: number): Promise<ConversionError> {
  const error = await call.then(
    (value) => assert.fail(`expected a '${kind}' error, got ${JSON.stringify(value).slice(0, 200)}`),
    (error: unknown) => error,
  );
  assert.ok(error instanceof ConversionError, `expected ConversionError, got ${String(error)}`);
  assert.equal(error.kind, kind, error.message);
  for (const text of mentions) assert.ok(error.message.includes(text), `message ${JSON.stringify(error.message)} should mention ${JSON.stringify(text)}`);
  assert.equal(error.status, status);
  assert.ok(error.url.startsWith('http://'), `error.url ${error.url}`);
  assert.doesNotMatch(error.message, /\n/, 'one line');
  return error;
}

/** Lets the event loop run `n` times (setImmediate: not faked where a test fakes setTimeout). */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

const HTML = 'text/html; charset=utf-8';
const DOC = (inner: string): string => `<!DOCTYPE html>\n<html><head><title>x</title></head><body lang="en">${inner}</body></html>`;

// ---------- what is sent ----------

test('wikitextToHtml POSTs the form body wt to /{prefix}/{encoded page} and returns the document', async () => {
  const server = await serve(answer(200, HTML, DOC('<p>x</p>')));
  const html = await client(server).wikitextToHtml('AC/DC', "'''x''' & y=1");
  assert.equal(html, DOC('<p>x</p>'));
  const [request] = server.seen;
  assert.equal(request.method, 'POST');
  assert.equal(request.url, '/enwiki/AC%2FDC');
  assert.match(String(request.headers['content-type']), /^application\/x-www-form-urlencoded/);
  assert.equal(request.form.get('wt'), "'''x''' & y=1");
  assert.equal(request.form.has('body'), false);
});

test('bodyOnly sends body=1 and returns inner HTML whether the service sends the body element, a document or inner HTML', async () => {
  const inner = `<h2 id="a">Hi</h2>\n<p>Caf\u00e9 <a href="./X" data-mw='{"x":"</body>"}'>X</a></p>`;
  for (const sent of [`<body class="mw-body" dir="ltr">${inner}</body>`, DOC(inner), inner]) {
    const server = await serve(answer(200, HTML, sent));
    assert.equal(await client(server).wikitextToHtml('Café au lait', 'x', { bodyOnly: true }), inner);
    assert.equal(server.seen[0].form.get('body'), '1');
    assert.equal(server.seen[0].url, '/enwiki/Caf%C3%A9_au_lait');
  }
});

test('empty wikitext is sent as a blank line, since an empty wt reads as a missing one', async () => {
  const server = await serve(answer(200, HTML, DOC('')));
  await client(server).wikitextToHtml('Main Page', '');
  assert.equal(server.seen[0].form.get('wt'), '\n');
});

test('htmlToWikitext POSTs html and oldid and returns the text/plain wikitext', async () => {
  const server = await serve(answer(200, 'text/plain;profile="mediawiki.org/specs/wikitext/1.0.0";charset=utf-8', '== Hi ==\nText [[Link]]'));
  const wikitext = await client(server).htmlToWikitext('Main_Page', '<h2>Hi</h2>', { oldid: 101 });
  assert.equal(wikitext, '== Hi ==\nText [[Link]]');
  assert.equal(server.seen[0].form.get('html'), '<h2>Hi</h2>');
  assert.equal(server.seen[0].form.get('oldid'), '101');
});

test('a base URL with a path keeps it in front of /{prefix}/{page}', async () => {
  const server = await serve(answer(200, HTML, DOC('')));
  await new ConversionClient({ baseUrl: `${server.url}/parsoid/`, prefix: 'dewiki' }).wikitextToHtml('x', 'y');
  assert.equal(server.seen[0].url, '/parsoid/dewiki/X');
});

test('the answer is decoded with the charset it declares', async () => {
  const server = await serve((_seen, response) => {
    response.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' });
    response.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  });
  assert.equal(await client(server).htmlToWikitext('X', '<p>café</p>'), 'café');
});

// ---------- the latest revision: redirects ----------

test('pageHtml follows the relative redirect to ?oldid=<latest>, keeps the query and reports the revision', async () => {
  const server = await serve((seen, response) => {
    const url = new URL(seen.url, 'http://x');
    if (!url.searchParams.has('oldid')) {
      response.writeHead(302, { location: `${url.pathname}${url.search}&oldid=101` });
      response.end();
    } else answer(200, HTML, DOC('<p>latest</p>'))(seen, response);
  });
  const result = await client(server).pageHtml('Main Page', { query: { foo: 'bar', body: '1' } });
  assert.deepEqual(result, { html: '<p>latest</p>', revision: 101 });
  assert.deepEqual(server.seen.map((s) => s.url), ['/enwiki/Main_Page?foo=bar&body=1', '/enwiki/Main_Page?foo=bar&body=1&oldid=101']);
});

test('pageHtml with oldid asks for that revision directly and follows an absolute same-host redirect', async () => {
  const server = await serve((seen, response) => {
    if (seen.url.endsWith('oldid=100')) {
      response.writeHead(301, { location: `http://127.0.0.1:${(response.socket?.localPort ?? 0)}/enwiki/Main_Page?oldid=99` });
      response.end();
    } else answer(200, HTML, DOC('<p>old</p>'))(seen, response);
  });
  const result = await client(server).pageHtml('Main_Page', { oldid: 100 });
  assert.equal(result.revision, 99);
  assert.equal(result.html, DOC('<p>old</p>'));
});

test('a redirect that drops a query parameter is reported, not silently accepted', async () => {
  const server = await serve((seen, response) => {
    if (seen.url.includes('oldid')) answer(200, HTML, DOC(''))(seen, response);
    else answer(302, undefined, '', { location: '/enwiki/X?oldid=7' })(seen, response);
  });
  await check(client(server).pageHtml('X', { query: { foo: 'bar' } }), 'bad-response', ["'foo=bar'"]);
});

test('an answer for a URL without oldid names no revision', async () => {
  const server = await serve(answer(200, HTML, DOC('')));
  await check(client(server).pageHtml('X'), 'bad-response', ['no oldid']);
});

test('a redirect loop is detected', async () => {
  const server = await serve((seen, response) => {
    const next = seen.url.includes('oldid') ? '/enwiki/X' : '/enwiki/X?oldid=1';
    answer(302, undefined, '', { location: next })(seen, response);
  });
  await check(client(server).pageHtml('X'), 'redirect-loop', ['redirect loop', '/enwiki/X'], 302);
  assert.equal(server.seen.length, 2);
});

test('at most maxRedirects redirects are followed', async () => {
  let n = 0;
  const endless = await serve((seen, response) => answer(302, undefined, '', { location: `/enwiki/X?n=${++n}` })(seen, response));
  await check(client(endless, { maxRedirects: 3 }).pageHtml('X'), 'redirect-loop', ['more than 3 redirects'], 302);
  assert.equal(endless.seen.length, 4);
});

test('a redirect to another host is refused and that host never asked', async () => {
  const other = await serve(answer(200, HTML, DOC('<p>elsewhere</p>')), '127.0.0.2');
  for (const location of [`${other.url}/enwiki/X?oldid=1`, `http://localhost:${other.port}/enwiki/X?oldid=1`]) {
    const server = await serve(answer(302, undefined, '', { location }));
    await check(client(server).pageHtml('X'), 'redirect-host', ['another host', location], 302);
  }
  assert.equal(other.seen.length, 0);
});

test('a redirect without Location is a bad response', async () => {
  const server = await serve(answer(302, undefined, ''));
  await check(client(server).pageHtml('X'), 'bad-response', ['no Location'], 302);
});

test('a conversion (POST) answered with a redirect is not followed', async () => {
  const server = await serve(answer(307, undefined, '', { location: '/elsewhere' }));
  await check(client(server).wikitextToHtml('X', 'y'), 'bad-response', ['/elsewhere'], 307);
  assert.equal(server.seen.length, 1);
});

// ---------- errors a user must understand ----------

const statusCases: Array<{ name: string; status: number; type?: string; body: string; kind: ConversionErrorKind; mentions: string[] }> = [
  { name: '401', status: 401, type: 'text/plain', body: 'login required', kind: 'unauthorized', mentions: ['the wiki does not allow reading', '401', 'login required'] },
  { name: '403', status: 403, type: 'text/plain', body: '', kind: 'unauthorized', mentions: ['does not allow reading', '403'] },
  { name: '404 text/plain', status: 404, type: 'text/plain; charset=utf-8', body: 'Did not find page revisions for Nope', kind: 'not-found', mentions: ["page 'Nope' not found", 'enwiki', 'Did not find page revisions for Nope'] },
  { name: '404 html page', status: 404, type: HTML, body: 'Cannot POST /enwiki/Nope', kind: 'not-found', mentions: ["page 'Nope' not found"] },
  { name: '500 text/plain', status: 500, type: 'text/plain', body: 'Request timed out.\n', kind: 'server-error', mentions: ['conversion service failed', '500', 'Request timed out.'] },
  { name: '503 html page', status: 503, type: HTML, body: '<h1>down</h1>', kind: 'server-error', mentions: ['503', 'without a text/plain message'] },
  { name: '501', status: 501, type: 'text/plain', body: 'not available in the embedded service', kind: 'not-available', mentions: ['not available in the embedded service'] },
  { name: '400', status: 400, type: 'text/plain', body: 'bad wt', kind: 'bad-request', mentions: ['rejected the request', '400', 'bad wt'] },
  { name: '413', status: 413, type: 'text/plain', body: 'too big', kind: 'bad-request', mentions: ['413', 'too big'] },
  { name: '200 JSON', status: 200, type: 'application/json', body: '{"html":"x"}', kind: 'not-html', mentions: ['expected HTML', 'application/json'] },
  { name: '200 without content type', status: 200, body: '<p>x</p>', kind: 'not-html', mentions: ['without a content type'] },
];

for (const c of statusCases) {
  test(`a ${c.name} answer is a '${c.kind}' error that says so`, async () => {
    const server = await serve(answer(c.status, c.type, c.body));
    const error = await check(client(server).wikitextToHtml('Nope', 'x'), c.kind, c.mentions, c.status);
    assert.equal(error.url, `${server.url}/enwiki/Nope`);
  });
}

test('a long text/plain error is cut to one short line', async () => {
  const server = await serve(answer(500, 'text/plain', `Error: boom\n${'    at frame\n'.repeat(200)}`));
  const error = await check(client(server).wikitextToHtml('X', 'y'), 'server-error', ['Error: boom at frame'], 500);
  assert.ok(error.message.length < 450, `${error.message.length} characters`);
});

test('a 404 after a redirect names the redirect target', async () => {
  const server = await serve((seen, response) => {
    if (seen.url.includes('oldid')) answer(404, 'text/plain', 'No pages were returned')(seen, response);
    else answer(302, undefined, '', { location: '/enwiki/Gone?oldid=5' })(seen, response);
  });
  await check(client(server).pageHtml('Gone'), 'not-found', ['redirect target', `${server.url}/enwiki/Gone?oldid=5`, 'No pages were returned'], 404);
});

test('wikitext answered as HTML is a bad response', async () => {
  const server = await serve(answer(200, HTML, '<p>x</p>'));
  await check(client(server).htmlToWikitext('X', '<p>x</p>'), 'bad-response', ['expected wikitext', 'text/html'], 200);
});

test('a service that is down is unreachable, named by its URL', async () => {
  const gone = await serve(answer(200, HTML, ''));
  await gone.close();
  await check(client(gone).wikitextToHtml('X', 'y'), 'unreachable', [`unreachable at ${gone.url}`, 'connection refused']);
});

test('a service that does not answer in time is a time-out, fired when the time-out elapses and not before', async (t) => {
  let arrived = (): void => undefined;
  const reached = new Promise<void>((resolve) => { arrived = resolve; });
  const server = await serve(() => arrived());
  // A fake clock for the client's timer; the sockets keep their own, so only the time-out is driven here.
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let settled = false;
  const call = client(server, { timeoutMs: 300 }).wikitextToHtml('X', 'y');
  void call.then(() => { settled = true; }, () => { settled = true; });
  await reached;
  t.mock.timers.tick(299);
  await turns(20);
  assert.equal(settled, false, 'still waiting 1 ms before the time-out');
  t.mock.timers.tick(1);
  await turns(20);
  assert.equal(settled, true, 'given up once the time-out elapsed');
  await check(call, 'timeout', ['did not answer within 0.3 s']);
});

test('a time-out covers a body that trickles in too slowly', async () => {
  const server = await serve((_seen, response) => {
    response.writeHead(200, { 'content-type': HTML });
    response.write('<p>');
  });
  await check(client(server, { timeoutMs: 300 }).wikitextToHtml('X', 'y'), 'timeout', ['did not answer']);
});

test('aborting the signal cancels the request in flight', async () => {
  const controller = new AbortController();
  const server = await serve(() => controller.abort());
  await check(client(server).wikitextToHtml('X', 'y', { signal: controller.signal }), 'cancelled', ["conversion of 'X' cancelled"]);
});

test('an already aborted signal cancels before anything is sent', async () => {
  const server = await serve(answer(200, HTML, DOC('')));
  await check(client(server).pageHtml('X', { signal: AbortSignal.abort() }), 'cancelled', ['cancelled']);
  assert.equal(server.seen.length, 0);
});

test('an answer over the size cap is refused, whether announced or streamed', async () => {
  const announced = await serve(answer(200, HTML, 'x'.repeat(2048)));
  await check(client(announced, { maxResponseBytes: 1024 }).wikitextToHtml('X', 'y'), 'too-large', ['larger than the 1 KB limit'], 200);
  const streamed = await serve((_seen, response) => {
    response.writeHead(200, { 'content-type': HTML });
    const chunk = 'y'.repeat(512);
    let sent = 0;
    const timer = setInterval(() => {
      if (response.destroyed || sent++ > 100) {
        clearInterval(timer);
        response.end();
      } else response.write(chunk);
    }, 1);
  });
  await check(client(streamed, { maxResponseBytes: 4096 }).wikitextToHtml('X', 'y'), 'too-large', ['larger than the 4 KB limit'], 200);
});

test('a connection cut in the middle of the answer is a bad response', async () => {
  const server = await serve((_seen, response) => {
    response.writeHead(200, { 'content-type': HTML, 'content-length': 1000 });
    response.write('<p>partial');
    setTimeout(() => response.socket?.destroy(), 20);
  });
  await check(client(server).wikitextToHtml('X', 'y'), 'bad-response', ['closed before the whole answer arrived'], 200);
});

// ---------- bad input from the caller ----------

const badOptions: Array<[name: string, make: () => unknown, mentions: string]> = [
  ['a base URL that is not a URL', () => new ConversionClient({ baseUrl: 'localhost:8000', prefix: 'enwiki' }), 'must start with http'],
  ['a non-HTTP base URL', () => new ConversionClient({ baseUrl: 'ftp://127.0.0.1/', prefix: 'enwiki' }), 'must start with http'],
  ['a base URL with a query', () => new ConversionClient({ baseUrl: 'http://127.0.0.1/?x=1', prefix: 'enwiki' }), 'query'],
  ['a base URL with credentials', () => new ConversionClient({ baseUrl: 'http://u:p@127.0.0.1/', prefix: 'enwiki' }), 'user name or password'],
  ['an upper-case wiki id', () => new ConversionClient({ baseUrl: 'http://127.0.0.1', prefix: 'EnWiki' }), "wiki id 'EnWiki'"],
  ['a zero time-out', () => new ConversionClient({ baseUrl: 'http://127.0.0.1', prefix: 'enwiki', timeoutMs: 0 }), 'timeoutMs'],
  ['negative redirects', () => new ConversionClient({ baseUrl: 'http://127.0.0.1', prefix: 'enwiki', maxRedirects: -1 }), 'maxRedirects'],
];

for (const [name, make, mentions] of badOptions) {
  test(`the client refuses ${name}`, () => {
    assert.throws(make, (error: unknown) => error instanceof ConversionError && error.kind === 'bad-request' && error.message.includes(mentions));
  });
}

test('an invalid page name or revision id is refused before anything is sent', async () => {
  const server = await serve(answer(200, HTML, DOC('')));
  await check(client(server).wikitextToHtml('[[x]]', 'y'), 'bad-request', ["page name '[[x]]'"]);
  await check(client(server).htmlToWikitext('X', '<p/>', { oldid: -3 }), 'bad-request', ['revision id', '-3']);
  await check(client(server).pageHtml('X', { oldid: 1.5 }), 'bad-request', ['revision id']);
  assert.equal(server.seen.length, 0);
});
