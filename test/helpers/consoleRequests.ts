// Reads console text (`PUT path` then a JSON body, requests separated by a blank line) as the tests' oracle,
// strictly: anything else in the text fails the test.
import assert from 'node:assert/strict';

export interface ConsoleRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export function consoleRequests(text: string): ConsoleRequest[] {
  assert.ok(text.endsWith('}\n'), 'the text ends with a body and one newline');
  return text.trimEnd().split(/\n\n(?=[A-Z]+ )/).map((chunk) => {
    const newline = chunk.indexOf('\n');
    const match = /^([A-Z]+) (\S+)$/.exec(chunk.slice(0, newline));
    assert.ok(match, `a request line: ${chunk.slice(0, 80)}`);
    return { method: match[1], path: match[2], body: JSON.parse(chunk.slice(newline + 1)) as Record<string, unknown> };
  });
}
