// CLI: `npm run serve` serves an existing dist/ (settings: PORT, HOST, DATABASE_PATH, DIST_DIR).
import { serveFromEnv } from './serve.ts';

try {
  await serveFromEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
