// The figures behind properties the tests hold without a clock: a long string token decodes and hostile strings
// scan in linear work (string-offsets.test.ts and embedded-refs.test.ts count the characters read), a wiki page
// converts in the worker while the calling thread runs on (conversion-thread.test.ts blocks it outright), and a
// conversion time-out fires when due (conversion-client.test.ts drives it with a fake clock). All in process or
// over loopback; a few seconds in all.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ConversionClient, ConversionError } from '../conversion/conversionClient';
import { startEmbeddedServiceThread } from '../conversion/embeddedServiceThread';
import { NOTATIONS } from '../server/src/document/embedded/notations';
import { decodeWithOffsets } from '../server/src/document/syntaxes/stringOffsets';
import { REPO } from './servers';
import { timeMedian } from './stats';

/** A wiki page of `sections` sections, each with bold text, a piped link and a small table. */
export function sectionedPage(sections: number): string {
  return Array.from({ length: sections }, (_, i) => `== Section ${i} ==\n'''Item''' ${i} with [[Page ${i}|a link]] and {| class="wikitable"\n| a || b\n|}\n`).join('\n');
}

/** A JSON string token of about 200 kB with an escape every twenty characters. */
export function longJsonString(): string {
  return `"${'source.ip \\" %{IP:a} '.repeat(10_000)}"`;
}

/** Strings that open a reference of every notation again and again and never close one, about 200 kB each. */
export function hostileStrings(): string[] {
  return ['%{'.repeat(100_000), '{{'.repeat(100_000), '(?<'.repeat(60_000), "ctx['".repeat(40_000), 'ctx.'.repeat(50_000), '%{a'.repeat(60_000) + '}', '['.repeat(200_000), '\\'.repeat(200_001)];
}

/** Every notation's references and two completion sites of `text`: what a hover or a completion asks of a string. */
export function scanAllNotations(text: string): void {
  for (const notation of Object.values(NOTATIONS)) {
    notation.refs(text);
    notation.siteAt(text, text.length);
    notation.siteAt(text, text.length >> 1);
  }
}

const RUNS = 5;
const TIMEOUT_MS = 300;

/** The conversion's time and the calling thread's longest stall meanwhile (a 5 ms interval timer's widest gap). */
async function conversionStall(): Promise<{ pageKb: number; convertMs: number; stallMs: number }> {
  const service = await startEmbeddedServiceThread({ workerScript: join(REPO, 'dist', 'embeddedServiceWorker.js') });
  try {
    const client = new ConversionClient({ baseUrl: service.url, prefix: 'enwiki', timeoutMs: 120_000 });
    const page = sectionedPage(400);
    await client.wikitextToHtml('Warm', sectionedPage(10), { bodyOnly: true });
    let last = performance.now();
    let stallMs = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      stallMs = Math.max(stallMs, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await client.wikitextToHtml('Big', page, { bodyOnly: true });
    const convertMs = performance.now() - started;
    clearInterval(timer);
    return { pageKb: page.length / 1e3, convertMs, stallMs };
  } finally {
    await service.close();
  }
}

/** How long after the request a client with a TIMEOUT_MS time-out gives up on a loopback service that never answers. */
async function timeoutFires(): Promise<number> {
  const server = http.createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const client = new ConversionClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, prefix: 'enwiki', timeoutMs: TIMEOUT_MS });
    const started = performance.now();
    const error = await client.wikitextToHtml('X', 'y').then(() => undefined, (e: unknown) => e);
    if (!(error instanceof ConversionError) || error.kind !== 'timeout') throw new Error(`expected a time-out from the silent service, got ${String(error)}`);
    return performance.now() - started;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function runResponsiveness(): Promise<void> {
  const token = longJsonString();
  const decodeMs = timeMedian(RUNS, () => decodeWithOffsets(token, 'double', 'json'));
  const scans = hostileStrings().map((text) => ({ head: JSON.stringify(text.slice(0, 6)), ms: timeMedian(RUNS, () => scanAllNotations(text)) }));
  const slowest = scans.reduce((a, b) => (b.ms > a.ms ? b : a));
  const stall = await conversionStall();
  const fired = await timeoutFires();
  process.stdout.write(`\nResponsiveness (medians of ${RUNS} runs in process; load average ${loadavg()[0].toFixed(1)}):
decode of a ${(token.length / 1e3).toFixed(0)} kB JSON string token with offsets: ${decodeMs.toFixed(1)} ms
every notation over ${scans.length} hostile strings of about 200 kB: ${scans.reduce((n, s) => n + s.ms, 0).toFixed(0)} ms in all, slowest ${slowest.head}... ${slowest.ms.toFixed(0)} ms
a ${stall.pageKb.toFixed(0)} kB wiki page converted in the worker: ${stall.convertMs.toFixed(0)} ms; the calling thread's longest stall meanwhile ${stall.stallMs.toFixed(0)} ms
a ${TIMEOUT_MS} ms conversion time-out against a service that never answers (loopback): given up after ${fired.toFixed(0)} ms
`);
}
