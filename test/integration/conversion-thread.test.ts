// The extension renders wikitext in a worker thread: the host's own thread keeps running while a page converts.
// How long a conversion takes and how long the calling thread stalls meanwhile: `npm run bench` (bench/responsiveness.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ConversionClient } from '../../conversion/conversionClient';
import { startEmbeddedServiceThread } from '../../conversion/embeddedServiceThread';
import { sectionedPage } from '../../bench/responsiveness';

const workerScript = join(__dirname, '..', '..', 'dist', 'embeddedServiceWorker.js');

/**
 * A thread of its own that asks the service for `wikitext` as HTML (the form the client sends), hands the answer
 * back as a message, then sets done[0] to 1 and wakes whoever waits on it.
 */
const ASKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, wikitext, done } = workerData;
fetch(url + '/enwiki/Big', { method: 'POST', body: new URLSearchParams({ wt: wikitext, body: '1' }) })
  .then(async (response) => parentPort.postMessage({ status: response.status, html: await response.text() }))
  .catch((error) => parentPort.postMessage({ error: String(error) }))
  .finally(() => { Atomics.store(done, 0, 1); Atomics.notify(done, 0); });
`;

test('the embedded service in its worker converts', async () => {
  assert.ok(existsSync(workerScript), `${workerScript} is missing: run npm run build`);
  const service = await startEmbeddedServiceThread({ workerScript });
  try {
    const client = new ConversionClient({ baseUrl: service.url, prefix: 'enwiki', timeoutMs: 60_000 });
    const small = await client.wikitextToHtml('Main Page', "== Hello ==\n'''bold''' [[Link]]", { bodyOnly: true });
    assert.match(small, /<h2[^>]*>.*Hello/s);
    assert.match(small, /<b>bold<\/b>/);
    const html = await client.wikitextToHtml('Big', sectionedPage(400), { bodyOnly: true });
    assert.match(html, /Section 399/);
  } finally {
    await service.close();
  }
  await assert.rejects(fetch(service.url), 'the service is gone after close()');
});

test('a page converts while the calling thread is blocked: the service never needs it', async () => {
  assert.ok(existsSync(workerScript), `${workerScript} is missing: run npm run build`);
  const service = await startEmbeddedServiceThread({ workerScript });
  try {
    const done = new Int32Array(new SharedArrayBuffer(4));
    const asker = new Worker(ASKER, { eval: true, workerData: { url: service.url, wikitext: sectionedPage(400), done } });
    const answer = new Promise<{ status?: number; html?: string; error?: string }>((resolve, reject) => {
      asker.once('message', resolve);
      asker.once('error', reject);
    });
    // This thread turns no event loop until the answer is in: a service rendering here could never answer, and the
    // wait would end on its limit (a guard against hanging the suite, not a figure).
    const woke = Atomics.wait(done, 0, 0, 120_000);
    assert.equal(woke, 'ok', woke === 'timed-out' ? 'no answer came while this thread was blocked' : 'answered before this thread blocked');
    const { status, html, error } = await answer;
    assert.equal(error, undefined);
    assert.equal(status, 200);
    assert.match(html ?? '', /Section 399/);
    await asker.terminate();
  } finally {
    await service.close();
  }
});

test('a worker that cannot start reports why', async () => {
  await assert.rejects(startEmbeddedServiceThread({ workerScript, templatesDir: '/nonexistent/templates' }), /templates folder .* cannot be read/);
});
