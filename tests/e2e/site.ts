// The built site behind the real server, with its database and mail in a temporary directory.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { build } from '../../build/pipeline.ts';
import type { FeatureConfig } from '../../server/config.ts';
import { startServer } from '../../server/index.ts';
import { BUILD_DATE, TEST_WORKERS } from '../support/build-settings.ts';

export interface ServedSite {
  url: string;
  /** The built files, for tests that serve them another way (a plain static host). */
  distDir: string;
  close(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

export interface AnalyticsConfig {
  gaMeasurementId: string | null;
  adsId: string | null;
  adsCallConversionLabel: string | null;
  adsContactConversionLabel: string | null;
}

/**
 * The site behind the real server: the given `distDir` (the run's shared build), or a build of its
 * own, with analytics ids where `analytics` sets them. The database and mail live in a temp folder.
 */
export async function serveBuiltSite(options: { analytics?: AnalyticsConfig; distDir?: string; features?: Partial<FeatureConfig> } = {}): Promise<ServedSite> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-site-'));
  try {
    const outDir = options.distDir ?? join(dir, 'dist');
    let dataDir: string | undefined;
    if (options.analytics) {
      dataDir = join(dir, 'data');
      cpSync(join(ROOT, 'data'), dataDir, { recursive: true });
      const file = join(dataDir, 'site.yaml');
      const document = parseDocument(readFileSync(file, 'utf8'));
      for (const [key, value] of Object.entries(options.analytics)) document.setIn(['analytics', key], value);
      writeFileSync(file, document.toString());
    }
    if (!options.distDir) await build({ outDir, quiet: true, now: BUILD_DATE, workers: TEST_WORKERS, ...(dataDir ? { dataDir } : {}) });
    const server = await startServer({
      distDir: outDir,
      port: 0,
      host: '127.0.0.1',
      databasePath: join(dir, 'site.db'),
      // Every simulated visitor comes from 127.0.0.1: one address, hundreds of page views a
      // minute, which the per-address limit of the log endpoints would rightly refuse.
      // The contact tests send more messages than one visitor may; their mail goes to a folder here.
      features: { visitsPerMinute: 1_000_000, contactPerTenMinutes: 1_000, contactPerHour: 1_000, mailDir: join(dir, 'mail'), jobs: false, ...options.features },
      // The not-found tests request missing pages on purpose; their log lines are noise.
      log: (line) => {
        if (!line.startsWith('404 ')) console.log(line);
      },
    });
    return {
      url: server.url,
      distDir: outDir,
      async close() {
        await server.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
