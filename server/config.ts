// The server's settings from the environment, with the defaults listed in docs/architecture.md,
// 'Configuration'.
import type { ServerOptions } from './index.ts';

export type ServerConfig = Omit<ServerOptions, 'log'>;

/** The SQLite file of the server and of the operator's commands: DATABASE_PATH, or var/site.db. */
export function databasePathFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_PATH?.trim() || 'var/site.db';
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const rawPort = env.PORT?.trim() || '3000';
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, but it is "${rawPort}". Unset it to use 3000.`);
  }
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    databasePath: databasePathFromEnv(env),
    distDir: env.DIST_DIR?.trim() || 'dist',
  };
}
