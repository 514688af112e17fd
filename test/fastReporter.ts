// The reporter of `npm run test:fast`: node's spec reporter without the tests a name pattern left out (one line each
// would bury the tests that ran); a test skipped on purpose is still shown.
import { Readable } from 'node:stream';
import { spec } from 'node:test/reporters';

interface ReporterEvent {
  type: string;
  data: { skip?: string | boolean };
}

const NOT_MATCHING = 'test name does not match pattern';

async function* ran(source: AsyncIterable<ReporterEvent>): AsyncGenerator<ReporterEvent> {
  for await (const event of source) if (!(event.type === 'test:pass' && event.data.skip === NOT_MATCHING)) yield event;
}

// An async generator: the runner would call a plain function with `new`, as a reporter class.
async function* fastReporter(source: AsyncIterable<ReporterEvent>): AsyncGenerator<string | Buffer> {
  yield* Readable.from(ran(source)).pipe(new spec()) as AsyncIterable<string | Buffer>;
}

// The runner takes a reporter module's default export, which is what `export =` makes of a CommonJS module.
export = fastReporter;
