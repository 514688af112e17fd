// Page names and wiki ids as they go into the conversion interface's paths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalPageName, encodePageName, isWikiId, PageNameError, validatePrefix } from '../../conversion/pageName';

const encoded: Array<[title: string, segment: string]> = [
  ['Main Page', 'Main_Page'],
  ['  main   page  ', 'Main_page'],
  ['main__page', 'Main_page'],
  ['_Main_ _Page_', 'Main_Page'],
  ['AC/DC', 'AC%2FDC'],
  ['café au lait', 'Caf%C3%A9_au_lait'],
  ['Café_au_lait', 'Caf%C3%A9_au_lait'],
  ['élan vital', '%C3%89lan_vital'],
  ['ǆungla', '%C7%84ungla'],
  ['straße', 'Stra%C3%9Fe'],
  ['ßeta', '%C3%9Feta'],
  ['𐐨ow', '%F0%90%90%80ow'],
  ['東京', '%E6%9D%B1%E4%BA%AC'],
  ['a?b&c=d', 'A%3Fb%26c%3Dd'],
  ['100% sure', '100%25_sure'],
  ['no\u00a0break\u3000space', 'No_break_space'],
  ['Template:Greeting', 'Template%3AGreeting'],
];

for (const [title, segment] of encoded) {
  test(`page '${title}' is sent as ${segment}`, () => {
    assert.equal(encodePageName(title), segment);
    assert.equal(decodeURIComponent(segment), canonicalPageName(title));
  });
}

const rejected: Array<[title: string, mentions: string]> = [
  ['', 'empty'],
  ['   ', 'empty'],
  ['___', 'empty'],
  ['A#section', "'#'"],
  ['[[Link]]', "'['"],
  ['a|b', "'|'"],
  ['{{T}}', "'{'"],
  ['a<b>', "'<'"],
  ['line\nbreak', 'U+000A'],
  ['x'.repeat(256), '255 bytes'],
];

for (const [title, mentions] of rejected) {
  test(`page ${JSON.stringify(title.slice(0, 20))} is refused with a reason`, () => {
    assert.throws(
      () => canonicalPageName(title),
      (error: unknown) => error instanceof PageNameError && error.message.includes(mentions),
    );
  });
}

const prefixes: Array<[prefix: string, valid: boolean]> = [
  ['enwiki', true],
  ['dewiktionary', true],
  ['zh_min_nanwiki', true],
  ['wikidatawiki', true],
  ['EnWiki', false],
  ['en-wiki', false],
  ['1wiki', false],
  ['', false],
  ['en wiki', false],
  ['../enwiki', false],
  ['a'.repeat(65), false],
];

for (const [prefix, valid] of prefixes) {
  test(`wiki id '${prefix.slice(0, 20)}' is ${valid ? 'accepted' : 'refused'}`, () => {
    assert.equal(isWikiId(prefix), valid);
    if (valid) assert.equal(validatePrefix(prefix), prefix);
    else assert.throws(() => validatePrefix(prefix), /expected lower-case letters, digits or underscores/);
  });
}
