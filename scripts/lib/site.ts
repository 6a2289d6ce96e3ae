// Serves a built dist/ with the real server and a throw-away database, for the audit and the benchmark.
import { mkdtempSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/index.ts';

export interface RunningSite {
  url: string;
  close(): Promise<void>;
}

export async function serveSite(distDir: string): Promise<RunningSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'site-db-'));
  try {
    const server = await startServer({
      distDir,
      port: 0,
      host: '127.0.0.1',
      databasePath: join(dataDir, 'site.db'),
    });
    return {
      url: server.url,
      async close() {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
