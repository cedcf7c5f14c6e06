import fs from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../core/config.ts';

/**
 * The settings of a command-line tool, read as the server reads them: a `.env` file in the folder
 * it is started from supplies what the environment does not set. A bad setting ends the tool
 * with one line naming it, never a stack trace.
 */
export function readCliConfig(): Config {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.summary);
    process.exit(1);
  }
}
