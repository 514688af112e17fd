// Extension tags wikiparser-node cannot render (it drops them): shown as their source so nothing silently vanishes.
import Parser from 'wikiparser-node';
import type { ExtToken } from 'wikiparser-node';

/** Tags wikiparser-node renders itself, or that this service renders (`citeReferences.ts`). */
const RENDERED = new Set(['pre', 'nowiki', 'gallery', 'langconvert', 'poem', 'syntaxhighlight', 'source', 'ref', 'references']);
/** Tags whose output MediaWiki does not show in the page text either. */
const INVISIBLE = new Set(['section', 'templatestyles']);

const registered = new Set<string>();

/** Registers a source-showing hook for every extension tag of `tags` that would otherwise render as nothing. */
export function showUnrenderedExtensions(tags: readonly string[]): void {
  for (const tag of tags) {
    const name = tag.toLowerCase();
    if (RENDERED.has(name) || registered.has(name)) continue;
    registered.add(name);
    Parser.setHook(name, INVISIBLE.has(name) ? () => '' : renderAsSource);
  }
}

function renderAsSource(token: ExtToken): string {
  const source = escapeHtml(token.toString());
  const title = `&lt;${escapeHtml(token.name)}&gt; is not rendered by the embedded conversion service`;
  // One output line: the HTML renderer splits paragraphs at newlines, an entity keeps the newline as text.
  return source.includes('\n')
    ? `<pre class="mw-ext-unrendered" title="${title}">${source.replace(/\n/g, '&#10;')}</pre>`
    : `<code class="mw-ext-unrendered" title="${title}">${source}</code>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
