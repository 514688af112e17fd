// Placeholder until its issue lands: says so instead of pretending to work.
import { CliError, Command } from '../io';

export const convertCommand: Command = {
  name: 'convert',
  summary: 'not built yet',
  usage: 'usage: fieldwise convert (not built yet)',
  async run() {
    throw new CliError("'fieldwise convert' is not built yet");
  },
};
