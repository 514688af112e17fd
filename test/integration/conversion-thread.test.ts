// The extension renders wikitext in a worker thread: the host's own thread keeps running while a page converts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConversionClient } from '../../conversion/conversionClient';
import { startEmbeddedServiceThread } from '../../conversion/embeddedServiceThread';

const workerScript = join(__dirname, '..', '..', 'dist', 'embeddedServiceWorker.js');

test('the embedded service in its worker converts while the calling thread stays free', async () => {
  assert.ok(existsSync(workerScript), `${workerScript} is missing: run npm run build`);
  const service = await startEmbeddedServiceThread({ workerScript });
  try {
    const client = new ConversionClient({ baseUrl: service.url, prefix: 'enwiki', timeoutMs: 60_000 });
    const small = await client.wikitextToHtml('Main Page', "== Hello ==\n'''bold''' [[Link]]", { bodyOnly: true });
    assert.match(small, /<h2[^>]*>.*Hello/s);
    assert.match(small, /<b>bold<\/b>/);

    // A page that takes a while to render: timers on this thread must keep firing meanwhile.
    const big = Array.from({ length: 400 }, (_, i) => `== Section ${i} ==\n'''Item''' ${i} with [[Page ${i}|a link]] and {| class="wikitable"\n| a || b\n|}\n`).join('\n');
    let last = performance.now();
    let longestStall = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const html = await client.wikitextToHtml('Big', big, { bodyOnly: true });
    const took = performance.now() - started;
    clearInterval(timer);
    assert.match(html, /Section 399/);
    // Rendering on this thread would stall it for nearly the whole conversion.
    assert.ok(longestStall < took / 2, `the calling thread stalled ${longestStall.toFixed(0)} ms of a ${took.toFixed(0)} ms conversion`);
  } finally {
    await service.close();
  }
  await assert.rejects(fetch(service.url), 'the service is gone after close()');
});

test('a worker that cannot start reports why', async () => {
  await assert.rejects(startEmbeddedServiceThread({ workerScript, templatesDir: '/nonexistent/templates' }), /templates folder .* cannot be read/);
});
