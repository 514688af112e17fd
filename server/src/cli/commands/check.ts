// Placeholder until its issue lands: says so instead of pretending to work.
import { CliError, Command } from '../io';

export const checkCommand: Command = {
  name: 'check',
  summary: 'not built yet',
  usage: 'usage: fieldwise check (not built yet)',
  async run() {
    throw new CliError("'fieldwise check' is not built yet");
  },
};
