// Load generation with wrk, reduced to requests per second and the 99th percentile latency.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { onCleanup } from './cleanup.ts';

export const WRK_PATH = '/usr/bin/wrk';

export interface WrkOptions {
  threads: number;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
}

export interface WrkResult {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  /** Responses outside 2xx/3xx plus socket errors: any of these make the figures meaningless. */
  failures: number;
}

export function wrkInstalled(): boolean {
  return existsSync(WRK_PATH);
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

export function parseWrkOutput(output: string): WrkResult {
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output);
  const requests = /(\d+) requests in /.exec(output);
  if (!rate || !p99 || !requests) throw new Error(`wrk printed output this script cannot read:\n${output}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: Number(rate[1]),
    p99Ms: Number(p99[1]) * UNIT_MS[p99[2]!]!,
    requests: Number(requests[1]),
    failures: non2xx + socketErrors,
  };
}

export function runWrk(url: string, options: WrkOptions): Promise<WrkResult> {
  const args = [`-t${options.threads}`, `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(WRK_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = onCleanup(() => void child.kill('SIGKILL'));
    const timer = setTimeout(() => child.kill('SIGKILL'), (options.seconds + 15) * 1000);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('error', (error) => reject(new Error(`Could not start ${WRK_PATH}: ${error.message}`)));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      void stop();
      if (code !== 0) {
        reject(new Error(`wrk ${url} ended with ${signal ?? `exit code ${code}`}:\n${output}`));
        return;
      }
      try {
        resolve(parseWrkOutput(output));
      } catch (error) {
        reject(error);
      }
    });
  });
}
