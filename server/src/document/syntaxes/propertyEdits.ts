// Moving and removing an object's properties in JSON and YAML text, in the file's own layout: what the events kind's
// fixes and every kind's rename (a key moved below other parents) share.
import { closedObject } from './json/jsonWriter';
import type { DocumentFormat, ObjectNode, PropertyNode, TextEdit, ValueNode } from '../model';
import { columnSpaces, eolOf, firstOnLine, lineStartOf, reindent } from './textLayout';
import type { ValueText } from './writer';
import { writerFor } from './writerFor';

/**
 * A value's text for writing under another key: as it is, except a YAML block collection, which starts on the next
 * line indented one unit below the new key (inline after `key: ` it would not parse).
 */
export function movedValue(text: string, format: DocumentFormat, node: ValueNode): ValueText {
  const raw = text.slice(node.start, node.end).replace(/\s+$/, '');
  const block = format === 'yaml' && (node.kind === 'object' || node.kind === 'array') && !/^[{[]/.test(raw);
  if (!block) return raw;
  const from = columnSpaces(text, node.start);
  return (keyIndent) => {
    const to = keyIndent + writerFor(format).indentUnit(text);
    return `${eolOf(text)}${to}${reindent(raw, from, to)}`;
  };
}

/** Removes a property with its separator; undefined when the object would be left unreadable. */
export function removeProperty(text: string, format: DocumentFormat, object: ObjectNode, property: PropertyNode): TextEdit | undefined {
  const props = object.properties;
  const i = props.indexOf(property);
  if (i < 0 || !property.value) return undefined;
  const next = props[i + 1];
  const flow = format !== 'yaml' || text.charAt(object.start) === '{';
  if (flow) {
    if (props.length === 1) return closedObject(text, object) ? { start: object.start + 1, end: object.end - 1, newText: '' } : undefined;
    if (next) return { start: property.keyTokenSpan.start, end: next.keyTokenSpan.start, newText: '' };
    const previous = props[i - 1].value;
    return previous ? { start: previous.end, end: property.value.end, newText: '' } : undefined;
  }
  if (!firstOnLine(text, property.keyTokenSpan.start)) {
    // The first key of a sequence item (`- key: v`): the next key moves up behind the dash.
    return next ? { start: property.keyTokenSpan.start, end: next.keyTokenSpan.start, newText: '' } : undefined;
  }
  if (props.length === 1) return undefined;
  const start = lineStartOf(text, property.keyTokenSpan.start);
  const valueEnd = property.value.end;
  const nl = text.charAt(valueEnd - 1) === '\n' ? valueEnd - 1 : text.indexOf('\n', valueEnd);
  if (nl >= 0) return { start, end: nl + 1, newText: '' };
  // The last line of the text: drop the line break before it instead.
  const before = start > 0 ? start - (text.charAt(start - 2) === '\r' ? 2 : 1) : 0;
  return { start: before, end: text.length, newText: '' };
}

/** The object that holds a property, searched from the root. */
export function containerOf(root: ValueNode | undefined, property: PropertyNode): ObjectNode | undefined {
  if (!root) return undefined;
  const stack: ValueNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as ValueNode;
    if (node.kind === 'object') {
      if (node.properties.includes(property)) return node;
      for (const p of node.properties) if (p.value) stack.push(p.value);
    } else if (node.kind === 'array') {
      stack.push(...node.items);
    }
  }
  return undefined;
}
