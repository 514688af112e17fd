// The reporter of `npm run test:fast`: a line for each test that ran (none for a test a name pattern left out, nor for
// a suite none of whose tests ran: one line each would bury those that ran), every failure with its error, then again
// at the end, and the runner's totals.
import { inspect } from 'node:util';

interface TestData {
  name: string;
  nesting: number;
  skip?: string | boolean;
  todo?: string | boolean;
  details?: { duration_ms?: number; type?: string; error?: Error & { failureType?: string; cause?: unknown } };
  message?: string;
}

interface ReporterEvent {
  type: string;
  data: TestData;
}

const NOT_MATCHING = 'test name does not match pattern';

function indent(text: string, depth: number): string {
  return text.split('\n').map((line) => `${'  '.repeat(depth)}${line}`).join('\n');
}

function head(mark: string, data: TestData): string {
  const directive = data.skip ? ` # SKIP ${data.skip === true ? '' : data.skip}` : data.todo ? ` # TODO ${data.todo === true ? '' : data.todo}` : '';
  const ms = data.details?.duration_ms;
  return indent(`${mark} ${data.name}${ms === undefined ? '' : ` (${ms.toFixed(1)} ms)`}${directive}`, data.nesting);
}

/** The error a failing test threw (the runner wraps it), as node prints it. */
function errorText(data: TestData): string {
  const error = data.details?.error;
  return indent(inspect(error?.cause ?? error, { depth: 6 }), data.nesting + 1);
}

// An async generator: the runner would call a plain function with `new`, as a reporter class.
async function* fastReporter(source: AsyncIterable<ReporterEvent>): AsyncGenerator<string> {
  const failures: string[] = [];
  // Lines written below each nesting level since its last test ended (a test's children end before it does).
  const below: number[] = [];
  const wrote = (data: TestData): void => {
    if (data.nesting > 0) below[data.nesting - 1] = (below[data.nesting - 1] ?? 0) + 1;
  };
  for await (const { type, data } of source) {
    if (type === 'test:pass') {
      const shown = data.skip !== NOT_MATCHING && (data.details?.type !== 'suite' || (below[data.nesting] ?? 0) > 0);
      below[data.nesting] = 0;
      if (!shown) continue;
      wrote(data);
      yield `${head('✔', data)}\n`;
    } else if (type === 'test:fail') {
      // A suite fails when a test in it fails: that test's own failure says why.
      const own = data.details?.error?.failureType !== 'subtestsFailed';
      const text = own ? `${head('✖', data)}\n${errorText(data)}\n` : `${head('✖', data)}\n`;
      below[data.nesting] = 0;
      if (own) failures.push(text);
      wrote(data);
      yield text;
    } else if (type === 'test:diagnostic' && data.nesting === 0 && data.message !== undefined) yield `ℹ ${data.message}\n`;
  }
  if (failures.length > 0) yield `\n✖ failing tests:\n\n${failures.join('\n')}`;
}

// The runner takes a reporter module's default export, which is what `export =` makes of a CommonJS module.
export = fastReporter;
