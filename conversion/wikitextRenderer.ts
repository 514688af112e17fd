// Wikitext to HTML with wikiparser-node: the wiki configuration per wiki id, templates, references.
import Parser from 'wikiparser-node';
import type { Config, ConfigData } from 'wikiparser-node';
import enwikiData from 'wikiparser-node/config/enwiki.json';
import jawikiData from 'wikiparser-node/config/jawiki.json';
import zhwikiData from 'wikiparser-node/config/zhwiki.json';
import { withReferences } from './citeReferences';
import { showUnrenderedExtensions } from './unrenderedExtensions';

/** The configurations wikiparser-node ships; every other wiki id is rendered with English Wikipedia's. */
const BUNDLED: Record<string, ConfigData> = {
  enwiki: enwikiData as unknown as ConfigData,
  jawiki: jawikiData as unknown as ConfigData,
  zhwiki: zhwikiData as unknown as ConfigData,
};
export const FALLBACK_WIKI = 'enwiki';

// Set once as an object: as a name, wikiparser-node would require() it from its own folder, which a bundle lacks.
Parser.config = BUNDLED[FALLBACK_WIKI];
// Its warnings would go to the console, i.e. into the CLI's standard error.
Parser.warning = false;

const prepared = new Map<string, Config>();

/** The wiki configuration used for a wiki id, and its name. */
export function wikiConfig(prefix: string): { wiki: string; config: Config } {
  const wiki = Object.hasOwn(BUNDLED, prefix) ? prefix : FALLBACK_WIKI;
  let config = prepared.get(wiki);
  if (!config) {
    config = Parser.getConfig(BUNDLED[wiki]);
    showUnrenderedExtensions(config.ext);
    prepared.set(wiki, config);
  }
  return { wiki, config };
}

export interface RenderRequest {
  wikitext: string;
  prefix: string;
  /** Page name as a title (spaces or underscores): {{PAGENAME}} and self links use it. */
  page: string;
  /** Template name without namespace (`Greeting`) => wikitext. */
  templates: ReadonlyMap<string, string>;
}

/** The body's inner HTML. Synchronous, which is what makes the global parser state below safe. */
export function renderWikitext(request: RenderRequest): string {
  // Blank is an empty page (the client sends an empty page as one newline, which wikiparser-node would make `<p><br>`).
  if (request.wikitext.trim() === '') return '';
  const { config } = wikiConfig(request.prefix);
  const templates = new Map<string, string>();
  for (const [name, text] of request.templates) {
    const title = Parser.normalizeTitle(name, 10, true, config);
    if (title.valid) templates.set(title.title, text);
  }
  Parser.templates = templates;
  try {
    return withReferences(() => Parser.toHtml(request.wikitext, request.page.replace(/_/g, ' '), false, config));
  } finally {
    Parser.templates = new Map();
  }
}

/** A whole HTML document around body inner HTML, as the interface returns without `body`. */
export function htmlDocument(bodyHtml: string, page: string, prefix: string): string {
  const lang = /^([a-z]{2,3})(?:_|wik)/.exec(prefix)?.[1] ?? 'en';
  const title = escapeHtml(page.replace(/_/g, ' '));
  return (
    `<!DOCTYPE html>\n<html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title>` +
    `<meta name="generator" content="fieldwise embedded conversion service (wikiparser-node)"></head>` +
    `<body class="mw-body-content mw-parser-output">${bodyHtml}</body></html>\n`
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
