// Runs the server from environment settings until SIGTERM or SIGINT, then shuts down gracefully.
import { configFromEnv } from './config.ts';
import { startServer } from './index.ts';

const FORCE_EXIT_AFTER_MS = 10_000;

export async function serveFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const config = configFromEnv(env);
  const server = await startServer(config);
  console.log(`Serving ${config.distDir} on ${server.url}`);

  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal} received: finishing open requests, then exiting.`);
    const force = setTimeout(() => {
      console.error(`Open requests did not finish within ${FORCE_EXIT_AFTER_MS / 1000} s; exiting anyway.`);
      process.exit(1);
    }, FORCE_EXIT_AFTER_MS);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`Shutdown failed: ${error.message}`);
        process.exit(1);
      },
    );
  };
  // `once`: a second Ctrl+C falls through to Node's default and ends the process at once.
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
