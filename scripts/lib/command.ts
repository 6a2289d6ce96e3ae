// Child processes with the terminal attached, so their output appears as they write it.
import { spawn } from 'node:child_process';
import { REPO_ROOT } from './repo.ts';

export interface CommandOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** Runs a command with inherited stdio and resolves to its exit code (1 when a signal ended it). */
export function runCommand(command: string, args: string[], options: CommandOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? REPO_ROOT,
      env: options.env ?? process.env,
      stdio: 'inherit',
    });
    child.once('error', (error) => reject(new Error(`Could not start ${command}: ${error.message}`)));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
