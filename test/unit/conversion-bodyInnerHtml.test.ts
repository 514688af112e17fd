// Body-only answers: whatever form the service sends, the caller gets the body's inner HTML, byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bodyInnerHtml } from '../../conversion/bodyInnerHtml';

const inner = `<h2 data-parsoid='{"dsr":[0,8,2,2]}'> Hi </h2>\n<p>Text <a rel="mw:WikiLink" href="./Link">Link</a> &amp; more</p>`;

const cases: Array<[name: string, answer: string, expected: string]> = [
  ['already inner HTML (what the spec says)', inner, inner],
  ['the body element itself (what Parsoid 0.4.1 sends)', `<body lang="en" class="mw-body">${inner}</body>`, inner],
  [
    'a whole document',
    `<!DOCTYPE html>\n<html prefix="mw: http://mediawiki.org/rdf/"><head><meta charset="utf-8"><title>T</title></head><body dir="ltr">${inner}</body></html>\n`,
    inner,
  ],
  ['a body element whose attribute holds </body>', `<body data-mw='{"wt":"</body>"}'>${inner}</body>`, inner],
  ['a body whose content holds </body> in an attribute', `<body><span data-mw='{"x":"</body>"}'>a</span> b</body>`, `<span data-mw='{"x":"</body>"}'>a</span> b`],
  ['a comment holding </body>', `<body><!-- </body> -->x</body>`, '<!-- </body> -->x'],
  ['a body without its end tag', `<body class="x"><p>a</p>\n`, '<p>a</p>\n'],
  ['a document without </body> but with </html>', `<html><body><p>a</p></html>`, '<p>a</p>'],
  ['a document with an implied body', `<!DOCTYPE html><html><head><title>t</title></head><p>a</p></html>`, '<p>a</p>'],
  ['an empty body', `<body class="x"></body>`, ''],
  ['a fragment starting with metadata', `<link rel="mw:PageProp/Category" href="./Category:X"><p>a</p>`, `<link rel="mw:PageProp/Category" href="./Category:X"><p>a</p>`],
  ['the empty answer', '', ''],
  ['upper-case tags', `<BODY CLASS="x"><P>a</P></BODY>`, '<P>a</P>'],
];

function check(answer: string, expected: string): void {
  assert.equal(bodyInnerHtml(answer), expected);
}

for (const [name, answer, expected] of cases) {
  test(`body inner HTML from ${name}`, () => check(answer, expected));
}
