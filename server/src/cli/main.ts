// Entry point of `fieldwise`: picks the command, turns errors into messages and exit codes.
import { CliError, CliIO, Command, EXIT, UsageError } from './io';
import { fieldsCommand } from './commands/fields';
import { checkCommand } from './commands/check';
import { convertCommand } from './commands/convert';
import { reportCommand } from './commands/report';
import { serveCommand } from './commands/serve';

export const commands: Command[] = [checkCommand, reportCommand, fieldsCommand, convertCommand, serveCommand];

export function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'usage: fieldwise <command> [options]',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "Run 'fieldwise <command> --help' for a command's options. Set FIELDWISE_DEBUG=1 to see stack traces.",
  ].join('\n');
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(usage() + '\n');
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version') {
    io.stdout('fieldwise 0.1.0\n');
    return EXIT.ok;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.stderr(`fieldwise: unknown command '${name}'\n\n${usage()}\n`);
    return EXIT.usage;
  }
  try {
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(command.usage + '\n');
      return EXIT.ok;
    }
    return await command.run(rest, io);
  } catch (error) {
    return report(error, command, io);
  }
}

function report(error: unknown, command: Command, io: CliIO): number {
  if (io.env.FIELDWISE_DEBUG && error instanceof Error) io.stderr(`${error.stack}\n`);
  if (error instanceof UsageError) {
    io.stderr(`fieldwise ${command.name}: ${error.message}\n\n${error.usage ?? command.usage}\n`);
    return EXIT.usage;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`fieldwise ${command.name}: ${message}\n`);
  return error instanceof CliError ? error.exitCode : EXIT.failure;
}

if (require.main === module) {
  // `fieldwise fields | head` closes the pipe early: that is the reader's choice, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  const io: CliIO = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    cwd: process.cwd(),
    env: process.env,
    stderrIsTTY: process.stderr.isTTY === true,
    now: () => performance.now(),
  };
  main(process.argv.slice(2), io).then(
    (code) => { process.exitCode = code; },
    (error: unknown) => { process.stderr.write(`fieldwise: ${String(error)}\n`); process.exitCode = EXIT.failure; },
  );
}
