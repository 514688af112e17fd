// <ref> and <references/> for the embedded service: wikiparser-node renders unknown extension tags as nothing.
import Parser from 'wikiparser-node';
import type { ExtToken, Token } from 'wikiparser-node';

interface Note {
  id: string;
  number: number;
  name?: string;
  html?: string;
  uses: number;
}

interface Group {
  notes: Note[];
  byName: Map<string, Note>;
}

/** The references of one conversion, numbered per group in order of first use, as MediaWiki's Cite does. */
class CiteState {
  readonly groups = new Map<string, Group>();
  private counter = 0;

  group(name: string): Group {
    let group = this.groups.get(name);
    if (!group) {
      group = { notes: [], byName: new Map() };
      this.groups.set(name, group);
    }
    return group;
  }

  note(groupName: string, name: string | undefined): Note {
    const group = this.group(groupName);
    const known = name === undefined ? undefined : group.byName.get(name);
    if (known) return known;
    this.counter += 1;
    const note: Note = { id: `${idPart(name ?? '')}${this.counter}`, number: group.notes.length + 1, name, uses: 0 };
    group.notes.push(note);
    if (name !== undefined) group.byName.set(name, note);
    return note;
  }
}

// Tag hooks are global in wikiparser-node; the state of the conversion running now (they are synchronous) lives here.
let current: CiteState | undefined;
let registered = false;

/** Renders `render()` with reference hooks active; lists of references never placed are appended at the end. */
export function withReferences(render: () => string): string {
  registerCiteHooks();
  const state = new CiteState();
  current = state;
  try {
    const html = render();
    const leftovers = [...state.groups.entries()].map(([name, group]) => referenceList(name, group)).join('');
    return leftovers ? `${html}${leftovers}\n` : html;
  } finally {
    current = undefined;
  }
}

function registerCiteHooks(): void {
  if (registered) return;
  registered = true;
  Parser.setHook('ref', renderRef);
  Parser.setHook('references', renderReferences);
}

function renderRef(token: ExtToken): string {
  // Heading anchors render a detached copy of the heading; MediaWiki leaves references out of anchors too.
  if (!current || token.getRootNode().type !== 'root') return '';
  const group = attribute(token, 'group') ?? '';
  const note = current.note(group, attribute(token, 'name'));
  const content = token.selfClosing ? '' : token.lastChild.toHtml().trim();
  if (content && note.html === undefined) note.html = content;
  note.uses += 1;
  const label = group ? `${escapeHtml(group)} ${note.number}` : String(note.number);
  return `<sup id="cite_ref-${note.id}-${note.uses}" class="reference"><a href="#cite_note-${note.id}">[${label}]</a></sup>`;
}

function renderReferences(token: ExtToken): string {
  if (!current || token.getRootNode().type !== 'root') return '';
  const groupName = attribute(token, 'group') ?? '';
  if (!token.selfClosing) defineListedReferences(token.lastChild, groupName, current);
  const group = current.groups.get(groupName);
  current.groups.delete(groupName);
  return group ? referenceList(groupName, group) : '';
}

/** `<references><ref name="a">text</ref></references>`: texts defined in the list, used elsewhere by name. */
function defineListedReferences(inner: Token, groupName: string, state: CiteState): void {
  for (const child of inner.childNodes) {
    if (child.type !== 'ext' || (child as ExtToken).name !== 'ref') continue;
    const ref = child as ExtToken;
    const name = attribute(ref, 'name');
    const content = ref.selfClosing ? '' : ref.lastChild.toHtml().trim();
    const note = state.note(attribute(ref, 'group') ?? groupName, name);
    if (content && note.html === undefined) note.html = content;
  }
}

function referenceList(groupName: string, group: Group): string {
  if (group.notes.length === 0) return '';
  const items = group.notes.map((note) => {
    const backlinks =
      note.uses <= 1
        ? `<a href="#cite_ref-${note.id}-1">↑</a>`
        : `↑ ${Array.from({ length: note.uses }, (_, i) => `<a href="#cite_ref-${note.id}-${i + 1}">${i + 1}</a>`).join(' ')}`;
    const text =
      note.html ??
      `<span class="error mw-ext-cite-error">Cite error: the reference${note.name === undefined ? '' : ` named "${escapeHtml(note.name)}"`} has no text</span>`;
    const unused = note.uses === 0 ? ' <span class="error mw-ext-cite-error">(defined in the list but not used)</span>' : '';
    return `<li id="cite_note-${note.id}"><span class="mw-cite-backlink">${backlinks}</span> <span class="reference-text">${text}</span>${unused}</li>`;
  });
  const groupAttribute = groupName ? ` data-mw-group="${escapeHtml(groupName)}"` : '';
  return `<div class="mw-references-wrap"><ol class="references"${groupAttribute}>\n${items.join('\n')}\n</ol></div>`;
}

function attribute(token: ExtToken, key: string): string | undefined {
  const value = token.getAttr(key);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function idPart(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_.-]+/g, '_');
  return cleaned ? `${cleaned}-` : '';
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
