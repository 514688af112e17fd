// The wikitext TextMate grammar and language configuration, exercised through the same engine VS Code uses
// (vscode-textmate + vscode-oniguruma) on a realistic article and on a file of edge cases.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as vsctm from 'vscode-textmate';
import { check, checkAll, describeLine, engineLoopReports, Expectation, grammarOf, hasScope, tokenize, TokenizedDocument } from '../helpers/textmate';

const repoRoot = join(__dirname, '..', '..');
const grammarPath = join(repoRoot, 'syntaxes', 'wikitext.tmLanguage.json');
const configurationPath = join(repoRoot, 'syntaxes', 'wikitext.language-configuration.json');
const fixtureDir = join(repoRoot, 'test', 'fixtures', 'wikitext');
const SCOPE_NAME = 'text.html.mediawiki.fieldwise';

function tokenizeFixture(grammar: vsctm.IGrammar, file: string): TokenizedDocument {
  return tokenize(grammar, file, readFileSync(join(fixtureDir, file), 'utf8'));
}

// ---------------------------------------------------------------------------------------------------------------
// Expectations for article.wiki, one table per construct.

const headings: Expectation[] = [
  { line: '== Etymology ==', text: '==', scope: 'punctuation.definition.heading.begin' },
  { line: '== Etymology ==', text: 'Etymology', scope: 'entity.name.section' },
  { line: '== Etymology ==', text: 'Etymology', scope: 'markup.heading.2' },
  { line: '== Etymology ==', text: '==', nth: 2, scope: 'punctuation.definition.heading.end' },
  { line: '=== Early settlement ===', text: 'Early settlement', scope: 'markup.heading.3' },
  { line: '==== Regatta ====', text: 'Regatta', scope: 'markup.heading.4' },
  { line: '===== Notable winners =====', text: 'Notable winners', scope: 'markup.heading.5' },
  { line: '== External links ==', text: 'External links', scope: 'entity.name.section' },
];

const quotes: Expectation[] = [
  { line: "'''Quillmere''' (locally", text: "'''", scope: 'punctuation.definition.bold.begin' },
  { line: "'''Quillmere''' (locally", text: 'Quillmere', scope: 'markup.bold' },
  { line: "'''Quillmere''' (locally", text: 'Quillmere', notScope: 'markup.italic' },
  { line: "'''Quillmere''' (locally", text: ' (locally ', notScope: 'markup' },
  { line: "'''Quillmere''' (locally", text: 'Kwilmeer', scope: 'markup.italic' },
  { line: "'''Quillmere''' (locally", text: 'Kwilmeer', notScope: 'markup.bold' },
  { line: "'''Quillmere''' (locally", text: 'glass-float regatta', scope: 'markup.bold' },
  { line: "'''Quillmere''' (locally", text: 'glass-float regatta', scope: 'markup.italic' },
  { line: "'''Quillmere''' (locally", text: "'''''", scope: 'punctuation.definition.bold-italic.begin' },
  { line: "'''Quillmere''' (locally", text: ', held every August since 1887,', notScope: 'markup' },
  { line: 'Journal of Lake Archaeology', text: '14', scope: 'markup.bold' },
  { line: 'Journal of Lake Archaeology', text: 'Journal of Lake Archaeology', scope: 'markup.italic' },
  // An unclosed '' (a typo in the Etymology section) runs to the end of its line and no further.
  { line: 'Quillmere Gazette of 1872', text: 'Quillmere Gazette of 1872, but has no documentary support.', scope: 'markup.italic' },
  { line: 'The spelling', text: 'The spelling ', notScope: 'markup' },
  { line: 'The spelling', text: 'Quillmere', scope: 'markup.italic' },
  { line: 'The spelling', text: ' was fixed by the ', notScope: 'markup.italic' },
  // Same for an unclosed ''' (History section).
  { line: "'''Oda's Island.", text: "Oda's Island.", scope: 'markup.bold' },
  { line: 'unclosed bold quote', text: 'This paragraph follows an unclosed bold quote and must be plain again.', notScope: 'markup' },
];

const links: Expectation[] = [
  { line: 'northern shore of [[Lake Varrow]]', text: '[[', scope: 'punctuation.definition.link.begin' },
  { line: 'northern shore of [[Lake Varrow]]', text: 'Lake Varrow', scope: 'markup.underline.link' },
  { line: 'northern shore of [[Lake Varrow]]', text: ']]', scope: 'punctuation.definition.link.end' },
  { line: 'northern shore of [[Lake Varrow]]', text: 'Outer Marches', scope: 'markup.underline.link' },
  { line: 'northern shore of [[Lake Varrow]]', text: '|', nth: 8, scope: 'punctuation.separator.pipe' },
  { line: 'northern shore of [[Lake Varrow]]', text: '|', nth: 8, scope: 'meta.link.internal' },
  { line: 'northern shore of [[Lake Varrow]]', text: 'Marches', nth: 2, scope: 'string.other.link.title' },
  { line: 'northern shore of [[Lake Varrow]]', text: 'Marches', nth: 2, notScope: 'markup.underline.link' },
  { line: '[[Quillmere#Market Square|', text: '#', scope: 'punctuation.definition.anchor' },
  { line: '[[Quillmere#Market Square|', text: 'Market Square', nth: 1, scope: 'markup.underline.link.anchor' },
  { line: '[[Quillmere#Market Square|', text: 'economy section', scope: 'string.other.link.title' },
  { line: '[[Category:Towns in the Varrow Valley]]', text: 'Category', scope: 'entity.name.namespace' },
  { line: '[[Category:Towns in the Varrow Valley]]', text: ':', scope: 'punctuation.separator.namespace' },
  { line: '[[Category:Towns in the Varrow Valley]]', text: 'Towns in the Varrow Valley', scope: 'markup.underline.link' },
  { line: '[[Category:Glassmaking centres|Quillmere]]', text: 'Quillmere', scope: 'string.other.link.title' },
  { line: '[[de:Quillmere]]', text: 'de', scope: 'entity.name.namespace' },
  // File links: namespace, target, image options, caption with a nested link.
  { line: '[[File:Quillmere map 1851.png', text: 'File', scope: 'entity.name.namespace' },
  { line: '[[File:Quillmere map 1851.png', text: 'Quillmere map 1851.png', scope: 'markup.underline.link' },
  { line: '[[File:Quillmere map 1851.png', text: 'thumb', scope: 'support.constant.image-option' },
  { line: '[[File:Quillmere map 1851.png', text: 'upright', scope: 'variable.parameter.image-option' },
  { line: '[[File:Quillmere map 1851.png', text: 'alt', scope: 'variable.parameter.image-option' },
  { line: '[[File:Quillmere map 1851.png', text: 'Ordnance Survey of Varrowland', scope: 'markup.underline.link' },
  { line: '[[File:Quillmere map 1851.png', text: 'Ordnance Survey', nth: 2, scope: 'string.other.link.title' },
  { line: '[[File:Quillmere map 1851.png', text: ']]', nth: 2, scope: 'meta.link.internal.file' },
  // External links: bracketed with a label, and bare URLs.
  { line: '[https://council.example.org', text: '[', scope: 'punctuation.definition.link.begin' },
  { line: '[https://council.example.org', text: 'https://council.example.org/quillmere', scope: 'markup.underline.link' },
  { line: '[https://council.example.org', text: ' Quillmere Town Council', scope: 'string.other.link.title' },
  { line: '[https://council.example.org', text: ']', scope: 'punctuation.definition.link.end' },
  { line: '[https://council.example.org', text: 'https://visit.example.org/quillmere/statistics', scope: 'markup.underline.link' },
  { line: '[https://council.example.org', text: ", and the town council's page is ", notScope: 'markup.underline.link' },
  { line: '[https://heritage.example.org', text: ' Quillmere heritage trail', scope: 'string.other.link.title' },
];

const templates: Expectation[] = [
  { line: '{{Infobox settlement', text: '{{', scope: 'punctuation.definition.template.begin' },
  { line: '{{Infobox settlement', text: 'Infobox settlement', scope: 'entity.name.function.template' },
  { line: '| native_name', text: '|', scope: 'punctuation.separator.pipe' },
  { line: '| native_name', text: 'native_name', scope: 'variable.parameter' },
  { line: '| native_name', text: '=', scope: 'keyword.operator.assignment' },
  { line: '| native_name', text: 'Kwilmeer', scope: 'markup.italic' },
  { line: '| native_name', text: 'Kwilmeer', scope: 'meta.template' },
  { line: '| image_caption', text: "Saint Oda's Hill", scope: 'markup.underline.link' },
  { line: '| subdivision_name', text: 'flag', scope: 'entity.name.function.template' },
  { line: '| population_as_of', text: 'ref', scope: 'entity.name.tag.ref' },
  { line: 'elevation_m', text: ' 212', scope: 'meta.template' },
  { line: 'elevation_m', text: ' 212', notScope: 'variable.parameter' },
  { line: 2, text: 'Use dmy dates', scope: 'entity.name.function.template' },
  { line: 2, text: 'date', nth: 2, scope: 'variable.parameter' },
  { line: 'Quillmere lies at {{coord', text: '54.212', scope: 'meta.template' },
  { line: 'Quillmere lies at {{coord', text: '54.212', notScope: 'variable.parameter' },
  { line: 'Quillmere lies at {{coord', text: 'display', scope: 'variable.parameter' },
  { line: 'Quillmere lies at {{coord', text: ' on a terrace between the lake and the ', notScope: 'meta.template' },
  // Template parameters with defaults.
  { line: '{{{1|Quillmere}}}', text: '{{{', scope: 'punctuation.definition.parameter.begin' },
  { line: '{{{1|Quillmere}}}', text: '1', scope: 'variable.parameter' },
  { line: '{{{1|Quillmere}}}', text: 'Quillmere', scope: 'meta.template.parameter' },
  { line: '{{{1|Quillmere}}}', text: '}}}', scope: 'punctuation.definition.parameter.end' },
  { line: '{{{1|Quillmere}}}', text: 'days', scope: 'variable.parameter' },
  // Parser functions and variables.
  { line: '| width', text: '#if', scope: 'support.function.parser-function' },
  { line: '| width', text: 'quote_width', scope: 'variable.parameter' },
  { line: '| width', text: '30%', scope: 'meta.function-call.parser-function' },
  { line: '{{{1|Quillmere}}}', text: '#switch', scope: 'support.function.parser-function' },
  { line: '| #default', text: '#default', scope: 'variable.parameter' },
  { line: '| #default', text: '#default', scope: 'meta.function-call.parser-function' },
  { line: '| population_total', text: 'formatnum', scope: 'support.function.parser-function' },
  { line: '{{DEFAULTSORT:Quillmere}}', text: 'DEFAULTSORT', scope: 'support.function.parser-function' },
  { line: '{{CURRENTYEAR}}', text: 'CURRENTYEAR', scope: 'variable.language' },
  { line: '| source', text: 'PAGENAME', scope: 'variable.language' },
  { line: '| source', text: 'PAGENAME', scope: 'markup.italic' },
  { line: '| source', text: 'lang', scope: 'entity.name.function.template' },
];

const wikiTables: Expectation[] = [
  { line: '{| class="wikitable"', text: '{|', scope: 'keyword.operator.table.begin' },
  { line: '{| class="wikitable"', text: 'class', scope: 'entity.other.attribute-name' },
  { line: '{| class="wikitable"', text: 'text-align:center; font-size:90%', scope: 'string.quoted.double' },
  { line: '|+ Climate data', text: '|+', scope: 'keyword.operator.table.caption' },
  { line: '|+ Climate data', text: ' Climate data for Quillmere (1991–2020)', scope: 'meta.table.caption' },
  { line: '! scope="col"', text: '!', scope: 'keyword.operator.table.header' },
  { line: '! scope="col"', text: 'scope', scope: 'entity.other.attribute-name' },
  { line: '! scope="col"', text: '|', scope: 'punctuation.separator.attributes' },
  { line: '! scope="col"', text: '!!', scope: 'keyword.operator.table.cell-separator' },
  { line: '! scope="col"', text: ' Month ', scope: 'meta.table.cell.header' },
  { line: '| 5.1 || 11.8', text: '|', scope: 'keyword.operator.table.cell' },
  { line: '| 5.1 || 11.8', text: '||', scope: 'keyword.operator.table.cell-separator' },
  { line: '| 5.1 || 11.8', text: 'convert', scope: 'entity.name.function.template' },
  { line: '| style="background:#cde"', text: 'style', scope: 'entity.other.attribute-name' },
  { line: '| style="background:#cde"', text: ' 118 ', scope: 'meta.table.cell' },
  { line: '| style="background:#cde"', text: ' 118 ', notScope: 'string' },
  { line: '| style="background:#cde"', text: 'colspan', scope: 'entity.other.attribute-name' },
  { line: 'Source: [[Varrowland Meteorological Service]]', text: 'Varrowland Meteorological Service', scope: 'markup.underline.link' },
  { line: 62, text: '|-', scope: 'keyword.operator.table.row' },
  { line: 67, text: '|}', scope: 'keyword.operator.table.end' },
  { line: 'Text after the table', text: 'Text after the table is ordinary paragraph text again.', notScope: 'meta.table' },
];

const lists: Expectation[] = [
  { line: '* window glass,', text: '*', scope: 'punctuation.definition.list.begin' },
  { line: '* window glass,', text: ' window glass,', scope: 'markup.list.unnumbered' },
  { line: '** the plain', text: '**', scope: 'punctuation.definition.list.begin' },
  { line: '** the plain', text: ' the plain "harbour" pattern;', scope: 'markup.list.unnumbered' },
  { line: '* lantern globes', text: 'Quillmere lantern', scope: 'markup.italic' },
  { line: '# Boats must', text: '#', scope: 'punctuation.definition.list.begin' },
  { line: '# Boats must', text: ' Boats must be rowed by no more than four people.', scope: 'markup.list.numbered' },
  { line: '#* The float', text: '#*', scope: 'punctuation.definition.list.begin' },
  { line: '#: Floats broken', text: ' Floats broken before the finish disqualify the boat.', scope: 'markup.list.definition' },
  { line: '; 1887 :', text: ';', scope: 'punctuation.definition.list.begin' },
  { line: '; 1887 :', text: ' 1887 ', scope: 'markup.bold.definition-term' },
  { line: '; 1887 :', text: ':', scope: 'punctuation.separator.definition' },
  { line: '; 1887 :', text: 'Heron', scope: 'markup.italic' },
  { line: '; 1887 :', text: 'Heron', notScope: 'markup.bold' },
  { line: ': See also', text: ':', scope: 'punctuation.definition.list.begin' },
  { line: '* {{Official website', text: 'Official website', scope: 'entity.name.function.template' },
  { line: 'The first regatta was organised', text: 'The first regatta was organised by the harbour master, Josiah Brisk:', notScope: 'markup.list' },
];

const tagsCommentsAndMagic: Expectation[] = [
  { line: 'TODO: expand with the 1911 strike', text: '<!--', scope: 'punctuation.definition.comment.begin' },
  { line: 'TODO: expand with the 1911 strike', text: '-->', scope: 'punctuation.definition.comment.end' },
  { line: 'TODO: expand with the 1911 strike', text: " TODO: expand with the 1911 strike. Do not mark up inside: '''not bold''' [[Not a link]] {{Not a template}} ", scope: 'comment.block' },
  { line: "Keep '''this''' note", text: "  Keep '''this''' note until the split is reviewed. {{Split|date=2023}}", scope: 'comment.block' },
  { line: 'use the notation <nowiki>', text: 'nowiki', scope: 'entity.name.tag.nowiki' },
  { line: 'use the notation <nowiki>', text: "''price''", scope: 'meta.nowiki.content' },
  { line: 'use the notation <nowiki>', text: "''price''", notScope: 'markup' },
  { line: 'use the notation <nowiki>', text: "'''not bold''' [[not a link]] {{not a template}}", notScope: 'markup' },
  { line: 'use the notation <nowiki>', text: "'''not bold''' [[not a link]] {{not a template}}", notScope: 'meta.template' },
  { line: 'use the notation <nowiki>', text: ' literally.', notScope: 'meta.nowiki' },
  { line: 'since 1887,<ref name="regatta">', text: 'ref', scope: 'entity.name.tag.ref' },
  { line: 'since 1887,<ref name="regatta">', text: 'name', scope: 'entity.other.attribute-name' },
  { line: 'since 1887,<ref name="regatta">', text: 'regatta', nth: 2, scope: 'string.quoted.double' },
  { line: 'since 1887,<ref name="regatta">', text: 'Cite book', scope: 'meta.embedded.ref' },
  { line: 'since 1887,<ref name="regatta">', text: 'Cite book', scope: 'entity.name.function.template' },
  { line: 'since 1887,<ref name="regatta">', text: 'publisher', scope: 'variable.parameter' },
  { line: 'since 1887,<ref name="regatta">', text: ' Lantern trade ledger, 1901', scope: 'string.other.link.title' },
  { line: 'since 1887,<ref name="regatta">', text: 'ndash', scope: 'constant.character.entity' },
  { line: "'''Oda's Island.", text: '/>', scope: 'meta.tag.ref' },
  { line: '<references />', text: 'references', scope: 'entity.name.tag.references' },
  { line: '<references />', text: '/>', scope: 'punctuation.definition.tag.end' },
  { line: '<span style=', text: 'span', scope: 'entity.name.tag' },
  { line: '<span style=', text: 'color:#445566', scope: 'string.quoted.double' },
  { line: '<span style=', text: 'br', scope: 'entity.name.tag' },
  { line: '<span style=', text: 'The lantern procession', notScope: 'meta.tag' },
  { line: 'Its hymn is <code>', text: 'small', scope: 'entity.name.tag' },
  { line: '<pre>', text: 'pre', scope: 'entity.name.tag' },
  { line: "''sing'' the floats", text: "''sing'' the floats [[home]]", scope: 'markup.raw' },
  { line: "''sing'' the floats", text: "''sing'' the floats [[home]]", notScope: 'markup.italic' },
  { line: '__TOC__', text: '__TOC__', scope: 'constant.language.behavior-switch' },
  { line: '----', text: '----', scope: 'meta.separator' },
  { line: '{{Update|section', text: '~~~~~', scope: 'constant.language.signature' },
  { line: 'see talk ~~~~', text: '~~~~', scope: 'constant.language.signature' },
  { line: 'A timber causeway', text: '&nbsp;', scope: 'constant.character.entity' },
];

// ---------------------------------------------------------------------------------------------------------------
// Expectations for edge-cases.wiki: recovery from broken markup and the less common forms.

const edgeCases: Expectation[] = [
  { line: '#REDIRECT', text: '#REDIRECT', scope: 'keyword.control.redirect' },
  { line: '#REDIRECT', text: '#REDIRECT', notScope: 'markup.list' },
  { line: '#REDIRECT', text: 'History', scope: 'markup.underline.link.anchor' },
  { line: '__NOTOC__', text: '__NOTOC__', scope: 'constant.language.behavior-switch' },
  { line: '__NOTOC__', text: '__NOEDITSECTION__', scope: 'constant.language.behavior-switch' },
  // Uneven markers: the shorter side decides the level; the surplus '=' is heading text (as MediaWiki renders it).
  { line: '==Uneven closer===', text: 'Uneven closer=', scope: 'markup.heading.2' },
  { line: '===Uneven opener==', text: '=Uneven opener', scope: 'entity.name.section' },
  { line: '====== Level six', text: 'Level six', scope: 'markup.heading.6' },
  { line: '== Heading with a note ==', text: 'Heading with a note', scope: 'entity.name.section' },
  { line: '== Heading with a note ==', text: ' keep this title ', scope: 'comment.block' },
  // Every way of combining ''' and '' on one line.
  { line: "'''''both'''''", text: 'both', scope: 'markup.bold' },
  { line: "'''''both'''''", text: 'both', scope: 'markup.italic' },
  { line: "'''''both'''''", text: ' then ', notScope: 'markup' },
  { line: "'''''both'''''", text: 'bold-italic', scope: 'markup.italic' },
  { line: "'''''both'''''", text: 'bold-italic', scope: 'markup.bold' },
  { line: "'''''both'''''", text: ' bold', scope: 'markup.bold' },
  { line: "'''''both'''''", text: ' bold', notScope: 'markup.italic' },
  { line: "'''''both'''''", text: 'italic-bold', scope: 'markup.bold' },
  { line: "'''''both'''''", text: ' italic', nth: 1, scope: 'markup.italic' },
  { line: "'''''both'''''", text: ' italic', nth: 1, notScope: 'markup.bold' },
  { line: "'''''both'''''", text: '.', notScope: 'markup' },
  { line: "'''''bi''' italic''", text: ' italic', scope: 'markup.italic' },
  { line: "'''''bi''' italic''", text: ' italic', notScope: 'markup.bold' },
  { line: "'''''bi''' italic''", text: ' plain after', notScope: 'markup' },
  { line: "'''''bi'' bold'''", text: ' bold', scope: 'markup.bold' },
  { line: "'''''bi'' bold'''", text: ' bold', notScope: 'markup.italic' },
  { line: "'''''bi'' bold'''", text: ' plain after', notScope: 'markup' },
  { line: "'''bold'''''italic''", text: 'bold', scope: 'markup.bold' },
  { line: "'''bold'''''italic''", text: 'italic', scope: 'markup.italic' },
  { line: "'''bold'''''italic''", text: 'italic', notScope: 'markup.bold' },
  { line: "''italic'''''bold'''", text: 'italic', notScope: 'markup.bold' },
  { line: "''italic'''''bold'''", text: 'bold', scope: 'markup.bold' },
  { line: "''italic'''''bold'''", text: 'bold', notScope: 'markup.italic' },
  { line: 'A \'\'stray italic', text: 'stray italic runs only to the end of this line', scope: 'markup.italic' },
  { line: 'This line is plain.', text: 'This line is plain.', notScope: 'markup' },
  // A [[ or [ without its closer on the same line is text; the URL inside is still a bare link.
  { line: 'A [[stray link opener', text: 'A [[stray link opener is text, and so is [', notScope: 'meta.link' },
  { line: 'A [[stray link opener', text: 'https://example.org', scope: 'markup.underline.link' },
  { line: 'A [[stray link opener', text: ' a stray bracket', notScope: 'string.other.link' },
  // Unclosed templates and refs end at the next heading instead of swallowing the rest of the page.
  { line: 'still inside the unclosed template', text: 'this line is still inside the unclosed template', scope: 'meta.template' },
  { line: '== Recovery heading ==', text: 'Recovery heading', scope: 'entity.name.section' },
  { line: '== Recovery heading ==', text: 'Recovery heading', notScope: 'meta.template' },
  { line: 'plain again after the heading', text: 'This line is plain again after the heading.', notScope: 'meta' },
  { line: 'unclosed reference text', text: 'unclosed reference text', scope: 'meta.embedded.ref' },
  { line: '== Second recovery ==', text: 'Second recovery', notScope: 'meta.ref' },
  { line: 'Plain again.', text: 'Plain again.', notScope: 'meta' },
  // Indented and nested tables close at their own |}.
  { line: ':{| class', text: ':', scope: 'punctuation.definition.list.begin' },
  { line: ':{| class', text: '{|', scope: 'keyword.operator.table.begin' },
  { line: '| inner cell', text: ' inner cell', scope: 'meta.table.cell' },
  { line: '| outer cell again', text: ' outer cell again', scope: 'meta.table.cell' },
  { line: 'After the nested table.', text: 'After the nested table.', notScope: 'meta.table' },
  // Multi-line nowiki: headings and quotes inside stay literal.
  { line: "multi-line nowiki ''not italic''", text: "multi-line nowiki ''not italic''", scope: 'meta.nowiki.content' },
  { line: "multi-line nowiki ''not italic''", text: "multi-line nowiki ''not italic''", notScope: 'markup' },
  { line: '== not a heading ==', text: '== not a heading ==', notScope: 'markup.heading' },
  // Less common template forms.
  { line: '{{subst:Welcome}}', text: 'subst', scope: 'keyword.other.substitution' },
  { line: '{{subst:Welcome}}', text: 'Welcome', scope: 'entity.name.function.template' },
  { line: '{{subst:Welcome}}', text: 'lc', nth: 2, scope: 'support.function.parser-function' },
  { line: '{{subst:Welcome}}', text: 'PAGENAME', scope: 'variable.language' },
  { line: '{{subst:Welcome}}', text: 'Other page', scope: 'meta.template.variable' },
  { line: '{{subst:Welcome}}', text: '!', scope: 'variable.language' },
  { line: '{{subst:Welcome}}', text: 'nowiki', scope: 'entity.name.tag.nowiki' },
  // Link forms.
  { line: '[[:Category:Glassmaking centres]]', text: 'Category', scope: 'entity.name.namespace' },
  { line: '[[:Category:Glassmaking centres]]', text: 'w', scope: 'entity.name.namespace' },
  { line: '[[:Category:Glassmaking centres]]', text: 'Lake Varrow elsewhere', scope: 'string.other.link.title' },
  { line: 'Link trail:', text: 'apple', scope: 'markup.underline.link' },
  { line: 'Link trail:', text: 's', scope: 'string.other.link.title' },
  { line: 'Link trail:', text: ' and more.', notScope: 'meta.link' },
  { line: 'Free URL in parentheses', text: 'https://example.org/a_(b)', scope: 'markup.underline.link' },
  { line: 'Free URL in parentheses', text: ') ends before the bracket.', notScope: 'markup.underline.link' },
  { line: 'mailto:editor@example.org', text: 'mailto:editor@example.org', scope: 'markup.underline.link' },
  { line: 'mailto:editor@example.org', text: ', ', notScope: 'markup.underline.link' },
  { line: 'mailto:editor@example.org', text: 'copy', scope: 'constant.character.entity' },
  { line: 'mailto:editor@example.org', text: '#8212', scope: 'constant.character.entity' },
  { line: 'mailto:editor@example.org', text: '#x2014', scope: 'constant.character.entity' },
  // Code-like extension tags keep their body raw.
  { line: '<math>', text: "\\frac{a}{b} ''x''", scope: 'markup.raw' },
  { line: '<math>', text: "\\frac{a}{b} ''x''", notScope: 'markup.italic' },
  { line: "print('''not bold''')", text: "print('''not bold''')", scope: 'markup.raw' },
  { line: "print('''not bold''')", text: "print('''not bold''')", notScope: 'markup.bold' },
  { line: '</syntaxhighlight>', text: 'syntaxhighlight', scope: 'entity.name.tag' },
];

// ---------------------------------------------------------------------------------------------------------------

/** Lines that MediaWiki would render as section headings (outside nowiki/pre blocks, which the caller excludes). */
const HEADING_LINE = /^(={1,6})[^=].*=\s*(?:<!--.*?-->\s*)*$/;

describe('wikitext grammar on a realistic article', () => {
  let article: TokenizedDocument;

  before(async () => {
    article = tokenizeFixture(await grammarOf(grammarPath, SCOPE_NAME), 'article.wiki');
  });

  it('ends with every construct closed', () => {
    assert.ok(
      article.isTopLevel(article.finalState),
      `${article.name}: state after the last line is ${article.finalState.depth} deep, expected the top level`,
    );
  });

  const groups: ReadonlyArray<readonly [string, readonly Expectation[]]> = [
    ['headings', headings],
    ["bold and italic, and unclosed quotes that stop at the end of their line", quotes],
    ['internal, file and external links', links],
    ['templates, template parameters, parser functions and variables', templates],
    ['tables', wikiTables],
    ['lists', lists],
    ['comments, nowiki, refs, HTML tags, magic words, signatures and entities', tagsCommentsAndMagic],
  ];
  for (const [title, expectations] of groups) {
    it(`scopes ${title}`, () => checkAll(article, expectations));
  }

  it('highlights every heading line as a heading and starts it at the top level', () => {
    const headingLines = article.lines.filter((l) => HEADING_LINE.test(l.text));
    assert.ok(headingLines.length >= 10, `${article.name}: expected the fixture to have at least 10 headings`);
    for (const line of headingLines) {
      assert.ok(hasScope(line.tokens[0].scopes, 'markup.heading'), `not a heading:\n${describeLine(line)}`);
      assert.ok(article.isTopLevel(line.stateBefore), `a construct is still open before:\n${describeLine(line)}`);
    }
  });

  it('keeps quote formatting within its line: nothing before the first apostrophe of a line is bold or italic', () => {
    for (const line of article.lines) {
      const firstQuote = line.text.indexOf("'");
      const limit = firstQuote < 0 ? line.text.length : firstQuote;
      for (const token of line.tokens.filter((t) => t.startIndex < limit)) {
        const leaked = token.scopes.filter(
          (s) => (hasScope([s], 'markup.bold') && !hasScope([s], 'markup.bold.definition-term')) || hasScope([s], 'markup.italic'),
        );
        assert.deepEqual(leaked, [], `quote formatting carried over into:\n${describeLine(line)}`);
      }
    }
  });

  it('gives table scopes exactly to the lines between {| and its |}', () => {
    let depth = 0;
    for (const line of article.lines) {
      if (/^\s*:*\s*\{\|/.test(line.text)) depth++;
      const inTable = depth > 0;
      if (/^\s*\|\}/.test(line.text)) depth--;
      for (const token of line.tokens) {
        assert.equal(hasScope(token.scopes, 'meta.table'), inTable, `table scope wrong on:\n${describeLine(line)}`);
      }
    }
  });

  it('scopes nothing inside comments and <nowiki> as markup', () => {
    assertNothingNestedIn(article, 'comment.block', ['punctuation.definition.comment']);
    assertNothingNestedIn(article, 'meta.nowiki.content', []);
  });
});

describe('wikitext grammar on edge cases', () => {
  let grammar: vsctm.IGrammar;
  let edge: TokenizedDocument;

  before(async () => {
    grammar = await grammarOf(grammarPath, SCOPE_NAME);
    edge = tokenizeFixture(grammar, 'edge-cases.wiki');
  });

  it('ends with every construct closed', () => {
    assert.ok(edge.isTopLevel(edge.finalState), `${edge.name}: state after the last line is not the top level`);
  });

  it('recovers from broken markup and scopes the less common forms', () => checkAll(edge, edgeCases));

  it('scopes nothing inside comments and <nowiki> as markup', () => {
    assertNothingNestedIn(edge, 'comment.block', ['punctuation.definition.comment']);
    assertNothingNestedIn(edge, 'meta.nowiki.content', []);
  });

  it('never stops highlighting mid-line, for both fixtures and every prefix of every edge-case line', () => {
    // Typing produces every prefix of a line; a rule that pushes and pops without advancing ends highlighting there.
    const article = readFileSync(join(fixtureDir, 'article.wiki'), 'utf8');
    const edgeText = readFileSync(join(fixtureDir, 'edge-cases.wiki'), 'utf8');
    const prefixes = edgeText.split(/\r?\n/).flatMap((line) => [...line].map((_, i) => line.slice(0, i + 1)));
    assert.deepEqual(engineLoopReports(grammarPath, SCOPE_NAME, [article, edgeText, ...prefixes]), []);
  });
});

describe('wikitext language configuration', () => {
  interface LanguageConfiguration {
    comments: { blockComment: [string, string] };
    brackets: Array<[string, string]>;
    autoClosingPairs: Array<{ open: string; close: string }>;
    surroundingPairs: Array<[string, string]>;
    folding: { markers: { start: string; end: string } };
  }
  const configuration = JSON.parse(readFileSync(configurationPath, 'utf8')) as LanguageConfiguration;
  let grammar: vsctm.IGrammar;

  before(async () => {
    grammar = await grammarOf(grammarPath, SCOPE_NAME);
  });

  it('toggles comments with delimiters the grammar highlights as a comment', () => {
    const [open, close] = configuration.comments.blockComment;
    const doc = tokenize(grammar, 'toggled comment', `${open} '''[[Quillmere]]''' ${close} after`);
    check(doc, { line: 1, text: `${open} '''[[Quillmere]]''' ${close}`, scope: 'comment.block' });
    check(doc, { line: 1, text: ' after', notScope: 'comment' });
  });

  it('auto-closes and matches the wikitext brackets', () => {
    const autoClosed = configuration.autoClosingPairs.map((p) => `${p.open}…${p.close.trim()}`);
    for (const pair of ['[[…]]', '{{…}}', '[…]', '{…}', '(…)', '<!--…-->']) {
      assert.ok(autoClosed.includes(pair), `autoClosingPairs lacks ${pair}: ${autoClosed.join(' ')}`);
    }
    const brackets = configuration.brackets.map(([o, c]) => `${o}…${c}`);
    for (const pair of ['[[…]]', '{{…}}', '[…]', '{…}', '(…)']) {
      assert.ok(brackets.includes(pair), `brackets lacks ${pair}: ${brackets.join(' ')}`);
    }
    assert.ok(configuration.surroundingPairs.length > 0, 'surroundingPairs is empty');
  });

  it('auto-closed pairs produce the construct the grammar expects once filled in', () => {
    const filled: ReadonlyArray<readonly [string, string]> = [
      ['[[', 'meta.link.internal'],
      ['{{', 'meta.template'],
      ['<!--', 'comment.block'],
    ];
    for (const [open, scope] of filled) {
      const pair = configuration.autoClosingPairs.find((p) => p.open === open);
      assert.ok(pair, `no auto-closing pair for ${open}`);
      const text = `${pair.open}Quillmere${pair.close}`;
      const doc = tokenize(grammar, `auto-closed ${open}`, text);
      check(doc, { line: 1, text, scope });
      assert.ok(doc.isTopLevel(doc.finalState), `${text} leaves a construct open`);
    }
  });

  it('folding markers pair each table opener with its closer', () => {
    const start = new RegExp(configuration.folding.markers.start);
    const end = new RegExp(configuration.folding.markers.end);
    for (const file of ['article.wiki', 'edge-cases.wiki']) {
      const doc = tokenizeFixture(grammar, file);
      const open: number[] = [];
      const regions: Array<[number, number]> = [];
      for (const line of doc.lines) {
        if (start.test(line.text)) open.push(line.number);
        else if (end.test(line.text)) {
          const from = open.pop();
          assert.ok(from !== undefined, `${file}: folding end without start on line ${line.number}`);
          regions.push([from, line.number]);
        }
      }
      assert.deepEqual(open, [], `${file}: folding starts without an end`);
      const grammarTables = doc.lines
        .filter((l) => l.tokens.some((t) => hasScope(t.scopes, 'keyword.operator.table.begin')))
        .map((l) => l.number);
      assert.deepEqual(regions.map(([from]) => from).sort((a, b) => a - b), grammarTables, `${file}: folding regions`);
    }
  });
});

function assertNothingNestedIn(doc: TokenizedDocument, container: string, allowedInside: readonly string[]): void {
  let seen = 0;
  for (const line of doc.lines) {
    for (const token of line.tokens) {
      const index = token.scopes.findIndex((s) => hasScope([s], container));
      if (index < 0) continue;
      seen++;
      const nested = token.scopes.slice(index + 1).filter((s) => !allowedInside.some((a) => hasScope([s], a)));
      assert.deepEqual(nested, [], `${doc.name}: ${container} contains highlighted markup on\n${describeLine(line)}`);
    }
  }
  assert.ok(seen > 0, `${doc.name}: no ${container} found, so the check above proved nothing`);
}
