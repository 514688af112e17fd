// Placeholder until its issue lands: says so instead of pretending to work.
import { CliError, Command } from '../io';

export const serveCommand: Command = {
  name: 'serve',
  summary: 'not built yet',
  usage: 'usage: fieldwise serve (not built yet)',
  async run() {
    throw new CliError("'fieldwise serve' is not built yet");
  },
};
