// `fieldwise serve`: the embedded conversion service on 127.0.0.1 until SIGINT or SIGTERM.
import { parseArgs } from 'node:util';
import { startEmbeddedService } from '../../../../conversion/embeddedService';
import { CliError, Command, EXIT, UsageError } from '../io';

const USAGE = `usage: fieldwise serve [--port N] [--templates DIR]

Runs the embedded conversion service (version 1 interface, wikitext to HTML only) on 127.0.0.1
and prints 'listening on http://127.0.0.1:PORT' once it accepts requests. Stops on SIGINT or SIGTERM.

options:
  --port N         port to listen on (default: 0, a free port)
  --templates DIR  folder of templates (Greeting.wiki is {{Greeting}}), read on every request`;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run the embedded wikitext-to-HTML conversion service on 127.0.0.1',
  usage: USAGE,
  async run(args, io) {
    const { port, templates } = parseServeArgs(args);
    let service;
    try {
      service = await startEmbeddedService({ port, templatesDir: templates });
    } catch (error) {
      throw new CliError((error as Error).message);
    }
    io.stdout(`listening on ${service.url}\n`);
    await untilStopSignal();
    await service.close();
    return EXIT.ok;
  },
};

function parseServeArgs(args: string[]): { port: number; templates?: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: { port: { type: 'string', default: '0' }, templates: { type: 'string' } },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) throw new UsageError(`--port expects a number from 0 to 65535, got '${values.port}'`);
  return { port, templates: values.templates };
}

function untilStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
