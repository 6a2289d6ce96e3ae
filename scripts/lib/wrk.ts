// Load generation with wrk, reduced to requests per second and latency percentiles.
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
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Responses outside 2xx/3xx plus socket errors: any of these make the figures meaningless. */
  failures: number;
}

export function wrkInstalled(): boolean {
  return existsSync(WRK_PATH);
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function percentileMs(output: string, percent: number): number | undefined {
  const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : undefined;
}

export function parseWrkOutput(output: string): WrkResult {
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output);
  const p50 = percentileMs(output, 50);
  const p99 = percentileMs(output, 99);
  const requests = /(\d+) requests in /.exec(output);
  if (!rate || p50 === undefined || p99 === undefined || !requests) {
    throw new Error(`wrk printed output this script cannot read:\n${output}`);
  }
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    requestsPerSecond: Number(rate[1]),
    p50Ms: p50,
    p99Ms: p99,
    requests: Number(requests[1]),
    failures: non2xx + socketErrors,
  };
}

/** Runs wrk with the given arguments and resolves to everything it printed. */
function spawnWrk(args: string[], seconds: number): Promise<string> {
  const url = args.at(-1);
  return new Promise((resolve, reject) => {
    const child = spawn(WRK_PATH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = onCleanup(() => void child.kill('SIGKILL'));
    const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 15) * 1000);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.once('error', (error) => reject(new Error(`Could not start ${WRK_PATH}: ${error.message}`)));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      void stop();
      if (code !== 0) reject(new Error(`wrk ${url} ended with ${signal ?? `exit code ${code}`}:\n${output}`));
      else resolve(output);
    });
  });
}

export async function runWrk(url: string, options: WrkOptions): Promise<WrkResult> {
  const args = [`-t${options.threads}`, `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  return parseWrkOutput(await spawnWrk(args, options.seconds));
}

/** Runs wrk with a Lua script that builds the requests; resolves to wrk's whole output for the caller to read. */
export function runWrkScript(url: string, options: Omit<WrkOptions, 'headers'> & { script: string }): Promise<string> {
  const args = [`-t${options.threads}`, `-c${options.connections}`, `-d${options.seconds}s`, '-s', options.script, url];
  return spawnWrk(args, options.seconds);
}
