// Every operation of the conversion interface against the real Parsoid 0.4.1, and the same against the embedded
// service, which must convert wikitext like it and decline the rest with a clear not-available error (501).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConversionClient, ConversionError, type ConversionErrorKind } from '../../conversion/conversionClient';
import { bodyInnerHtml } from '../../conversion/bodyInnerHtml';
import { startEmbeddedService, type EmbeddedService } from '../../conversion/embeddedService';
import { pageStore, startParsoid, type Parsoid } from './parsoid-server';

const store = pageStore();
const latest = (title: string): { revid: number; text: string } => store[title][store[title].length - 1];
const MAIN = latest('Main_Page');
const FIRST = store.Main_Page[0];
const TEMPLATES = resolve(__dirname, '../fixtures/conversion/templates');

async function expectError(call: Promise<unknown>, kind: ConversionErrorKind, status: number | undefined, says: RegExp): Promise<void> {
  await assert.rejects(call, (error: unknown) => {
    assert.ok(error instanceof ConversionError, String(error));
    assert.equal(error.kind, kind, error.message);
    assert.equal(error.status, status);
    assert.match(error.message, says);
    return true;
  });
}

/** What both servers must do alike: wikitext to HTML, full and body only, with page names of every shape. */
function wikitextToHtmlSuite(client: () => ConversionClient): void {
  test('wikitext to a full HTML document: heading, bold, link, template and reference', async () => {
    const html = await client().wikitextToHtml('Main Page', MAIN.text);
    assert.match(html, /^<!DOCTYPE html>/);
    assert.match(html, /<h2[^>]*>\s*Welcome\s*<\/h2>/);
    assert.match(html, /<b[^>]*>latest<\/b>/);
    assert.match(html, /<a [^>]*href="[^"]*Main_Page"[^>]*>Main Page<\/a>|<a class="mw-selflink">Main Page<\/a>/);
    assert.match(html, /Hello, <\/span><span about="#mwt\d+">World<\/span><span about="#mwt\d+">!|Hello, World!/);
    assert.match(html, /A note\./, 'the reference text is kept');
  });

  test('wikitext to body only: the inner HTML of the full document body', async () => {
    const full = await client().wikitextToHtml('Main Page', MAIN.text);
    const body = await client().wikitextToHtml('Main Page', MAIN.text, { bodyOnly: true });
    assert.doesNotMatch(body, /<body|<html|<!DOCTYPE/i);
    assert.equal(body, bodyInnerHtml(full));
  });

  test('page names with / and non-ASCII letters reach the service intact ({{PAGENAME}})', async () => {
    assert.match(await client().wikitextToHtml('AC/DC', '{{PAGENAME}}', { bodyOnly: true }), />AC\/DC\s*</);
    assert.match(await client().wikitextToHtml('café au lait', '{{PAGENAME}}', { bodyOnly: true }), /Café[_ ]au[_ ]lait/);
  });

  test('empty wikitext is an empty page, not an error', async () => {
    assert.equal((await client().wikitextToHtml('Main Page', '', { bodyOnly: true })).trim(), '');
  });
}

describe('against the real Parsoid 0.4.1', () => {
  let parsoid: Parsoid | undefined;
  let client: ConversionClient;
  before(async () => {
    parsoid = await startParsoid();
    client = new ConversionClient({ baseUrl: parsoid.url, prefix: 'enwiki', timeoutMs: 60_000 });
  });
  after(async () => {
    await parsoid?.stop();
  });

  wikitextToHtmlSuite(() => client);

  test('it sends the <body> element itself for body=1 (the client still returns the inner HTML)', async () => {
    const response = await fetch(`${parsoid?.url}/enwiki/Main_Page`, { method: 'POST', body: new URLSearchParams({ wt: "'''x'''", body: '1' }) });
    assert.match(await response.text(), /^<body[^>]*>.*<\/body>$/s);
    assert.match(await client.wikitextToHtml('Main Page', "'''x'''", { bodyOnly: true }), /^<p[^>]*><b[^>]*>x<\/b><\/p>$/);
  });

  test('HTML to wikitext without oldid', async () => {
    const wikitext = await client.htmlToWikitext('Main_Page', '<h2>Hi</h2><p>Text <a rel="mw:WikiLink" href="./Link">Link</a></p>');
    assert.equal(wikitext.trimEnd(), '== Hi ==\nText [[Link]]');
  });

  test(`round trip: revision ${MAIN.revid}'s HTML with oldid gives back its wikitext exactly`, async () => {
    const { html, revision } = await client.pageHtml('Main_Page', { oldid: MAIN.revid });
    assert.equal(revision, MAIN.revid);
    assert.equal(await client.htmlToWikitext('Main_Page', html, { oldid: MAIN.revid }), MAIN.text);
  });

  test('round trip of an edited revision changes only the edit (selective serialization)', async () => {
    const { html } = await client.pageHtml('Main_Page', { oldid: MAIN.revid });
    const edited = html.replace('>latest</b>', '>newest</b>');
    assert.notEqual(edited, html);
    assert.equal(await client.htmlToWikitext('Main_Page', edited, { oldid: MAIN.revid }), MAIN.text.replace("'''latest'''", "'''newest'''"));
  });

  test(`a revision by id: Main_Page revision ${FIRST.revid}`, async () => {
    const { html, revision } = await client.pageHtml('Main_Page', { oldid: FIRST.revid });
    assert.equal(revision, FIRST.revid);
    assert.match(html, /^<!DOCTYPE html>/);
    assert.match(html, /First revision\./);
    assert.doesNotMatch(html, /Welcome/);
  });

  test(`the latest revision: the redirect keeps the query and revision ${MAIN.revid} is reported`, async () => {
    const raw = await fetch(`${parsoid?.url}/enwiki/Main_Page?foo=bar`, { redirect: 'manual' });
    assert.equal(raw.status, 302);
    assert.equal(raw.headers.get('location'), `/enwiki/Main_Page?foo=bar&oldid=${MAIN.revid}`);
    const { html, revision } = await client.pageHtml('Main Page', { query: { foo: 'bar' } });
    assert.equal(revision, MAIN.revid);
    assert.match(html, /Welcome/);
  });

  test('the latest revision with body=1 kept through the redirect comes back as inner HTML', async () => {
    const { html, revision } = await client.pageHtml('Main_Page', { query: { body: '1' } });
    assert.equal(revision, MAIN.revid);
    assert.match(html, /^<h2/);
    assert.doesNotMatch(html, /<body/);
  });

  for (const title of ['AC/DC', 'Café_au_lait']) {
    test(`page ${title}: latest revision ${latest(title).revid} through the encoded name`, async () => {
      const { html, revision } = await client.pageHtml(title.replace(/_/g, ' '));
      assert.equal(revision, latest(title).revid);
      const text = html.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&');
      assert.ok(text.includes(latest(title).text.replace(/'''|\[\[|\]\]/g, '')), `the page text of ${title} in ${text}`);
    });
  }

  test('an unknown page is not found (404) with the service\'s own words', async () => {
    await expectError(client.pageHtml('No such page'), 'not-found', 404, /page 'No such page' not found.*Did not find page revisions for No_such_page/);
  });

  test('an unknown revision is not found (404)', async () => {
    await expectError(client.pageHtml('Main_Page', { oldid: 999_999 }), 'not-found', 404, /not found/);
  });

  test('an unknown wiki id is not found (404)', async () => {
    const other = new ConversionClient({ baseUrl: parsoid?.url ?? '', prefix: 'xxwiki' });
    await expectError(other.wikitextToHtml('Main_Page', 'x'), 'not-found', 404, /wiki id 'xxwiki'/);
  });
});

describe('against the embedded service', () => {
  let service: EmbeddedService | undefined;
  let client: ConversionClient;
  before(async () => {
    service = await startEmbeddedService({ templatesDir: TEMPLATES });
    client = new ConversionClient({ baseUrl: service.url, prefix: 'enwiki' });
  });
  after(async () => {
    await service?.close();
  });

  test('its template fixture is the stub wiki\'s Template:Greeting, so both servers expand the same text', () => {
    assert.equal(readFileSync(resolve(TEMPLATES, 'Greeting.wiki'), 'utf8'), latest('Template:Greeting').text);
  });

  wikitextToHtmlSuite(() => client);

  const declined: Array<[name: string, call: () => Promise<unknown>]> = [
    ['HTML to wikitext without oldid', () => client.htmlToWikitext('Main_Page', '<h2>Hi</h2>')],
    ['HTML to wikitext with oldid', () => client.htmlToWikitext('Main_Page', '<h2>Hi</h2>', { oldid: MAIN.revid })],
    ['a revision by id', () => client.pageHtml('Main_Page', { oldid: FIRST.revid })],
    ['the latest revision', () => client.pageHtml('Main_Page', { query: { foo: 'bar' } })],
    ['a page with / in its name', () => client.pageHtml('AC/DC')],
    ['an unknown page', () => client.pageHtml('No such page')],
  ];
  for (const [name, call] of declined) {
    test(`${name} is declined: not available (501), set fieldwise.conversion.baseUrl`, async () => {
      await expectError(call(), 'not-available', 501, /not available in the embedded service, set fieldwise\.conversion\.baseUrl/);
    });
  }
});
