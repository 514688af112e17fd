// Tolerant JSON parsing of one event's text into document-model nodes (jsonc-parser's visitor, no second tree).
import { ParseErrorCode, visit } from 'jsonc-parser';
import { ArrayNode, MAX_NESTING, NestingTooDeep, ObjectNode, Property, PropertyNode, Scalar, SyntaxProblem, ValueNode } from '../../model';
import { parseJsonFast } from './jsonFast';
import { parseable } from '../byteOrderMark';

interface Frame {
  node: ObjectNode | ArrayNode;
  /** The property whose value comes next (objects only). */
  pending?: PropertyNode;
}

const messages: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidSymbol]: 'Invalid symbol',
  [ParseErrorCode.InvalidNumberFormat]: 'Invalid number format',
  [ParseErrorCode.PropertyNameExpected]: 'Property name expected',
  [ParseErrorCode.ValueExpected]: 'Value expected',
  [ParseErrorCode.ColonExpected]: "Colon ':' expected",
  [ParseErrorCode.CommaExpected]: "Comma ',' expected",
  [ParseErrorCode.CloseBraceExpected]: "Closing brace '}' expected",
  [ParseErrorCode.CloseBracketExpected]: "Closing bracket ']' expected",
  [ParseErrorCode.EndOfFileExpected]: 'End of file expected',
  [ParseErrorCode.InvalidCommentToken]: 'Comments are not permitted in JSON',
  [ParseErrorCode.UnexpectedEndOfComment]: 'Unexpected end of comment',
  [ParseErrorCode.UnexpectedEndOfString]: 'Unterminated string: closing quote expected',
  [ParseErrorCode.UnexpectedEndOfNumber]: 'Unexpected end of number',
  [ParseErrorCode.InvalidUnicode]: 'Invalid unicode sequence in string',
  [ParseErrorCode.InvalidEscapeCharacter]: 'Invalid escape character in string',
  [ParseErrorCode.InvalidCharacter]: 'Invalid characters in string: control characters must be escaped',
};

export interface ParsedValue {
  root: ValueNode | undefined;
  errors: SyntaxProblem[];
}

/** Parses `text` as one JSON value; never throws, reports problems with local offsets. */
export function parseJsonValue(text: string): ParsedValue {
  const fast = parseJsonFast(text);
  return fast ? { root: fast, errors: [] } : parseJsonTolerant(text);
}

/** jsonc-parser's error-recovering parse: for text the fast path gives up on. */
export function parseJsonTolerant(source: string): ParsedValue {
  const text = parseable(source);
  const stack: Frame[] = [];
  const errors: SyntaxProblem[] = [];
  let root: ValueNode | undefined;

  const attach = (node: ValueNode): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      root ??= node;
      return;
    }
    if (top.node.kind === 'array') {
      top.node.items.push(node);
    } else if (top.pending && top.pending.value === undefined) {
      top.pending.value = node;
      top.pending = undefined;
    }
  };
  const close = (offset: number, length: number): void => {
    const frame = stack.pop();
    if (frame) frame.node.end = offset + length;
  };

  visit(
    text,
    {
      onObjectBegin: (offset) => {
        const node: ObjectNode = { kind: 'object', start: offset, end: text.length, properties: [] };
        attach(node);
        stack.push({ node });
        if (stack.length > MAX_NESTING) throw new NestingTooDeep(offset);
      },
      onObjectEnd: close,
      onArrayBegin: (offset) => {
        const node: ArrayNode = { kind: 'array', start: offset, end: text.length, items: [] };
        attach(node);
        stack.push({ node });
        if (stack.length > MAX_NESTING) throw new NestingTooDeep(offset);
      },
      onArrayEnd: close,
      onObjectProperty: (key, offset, length) => {
        const top = stack[stack.length - 1];
        if (!top || top.node.kind !== 'object') return;
        const closed = length >= 2 && text.charCodeAt(offset + length - 1) === 34;
        const property = new Property(key, offset + 1, offset + length - (closed ? 1 : 0), offset, offset + length);
        top.node.properties.push(property);
        top.pending = property;
      },
      onSeparator: (character, offset) => {
        const top = stack[stack.length - 1];
        if (character === ':' && top?.pending) top.pending.colon = offset;
      },
      onLiteralValue: (value: unknown, offset, length) => {
        const kind = value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string';
        attach(new Scalar(kind, value as string | number | boolean | null, offset, offset + length, text, kind === 'string' ? 'double' : undefined));
      },
      onError: (error, offset, length) => {
        errors.push({ start: offset, end: offset + Math.max(length, 0), message: messages[error] ?? 'Syntax error' });
        // A bare word where a value belongs (`tru`, `abc`) stays visible as an invalid value.
        if (error === ParseErrorCode.InvalidSymbol && length > 0) {
          const top = stack[stack.length - 1];
          if (!top || top.node.kind === 'array' || (top.pending && top.pending.value === undefined && top.pending.colon !== undefined)) {
            attach({ kind: 'invalid', raw: text.slice(offset, offset + length), start: offset, end: offset + length });
          }
        }
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: true },
  );
  return { root, errors };
}
