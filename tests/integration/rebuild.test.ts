// A rebuild into the same dist/ (build/write/dist-writer.ts): the owner changes one data file and runs
// the build again. Only files whose content changed are written (with their compressed forms), and
// nothing the new data no longer makes stays behind to be served.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyData, type DataCopy } from '../support/data-copy.ts';
import { buildSite, type BuiltSite } from '../support/site-build.ts';
import { build } from '../../build/pipeline.ts';
import { BUILD_DATE } from '../support/build-settings.ts';

let data: DataCopy;
let site: BuiltSite;

/** Every file under dist/ with its content and modification time. */
function snapshot(dir: string): Map<string, { content: Buffer; mtime: number }> {
  const found = new Map<string, { content: Buffer; mtime: number }>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.set(relative(dir, path), { content: readFileSync(path), mtime: statSync(path).mtimeMs });
    }
  };
  walk(dir);
  return found;
}

const rebuild = () => build({ outDir: site.dir, dataDir: data.dir, quiet: true, now: BUILD_DATE });

beforeAll(async () => {
  data = copyData();
  site = await buildSite({ dataDir: data.dir });
}, 120_000);
afterAll(() => {
  site?.remove();
  data?.remove();
});

describe('a rebuild into the same folder', () => {
  it('of unchanged data writes nothing and deletes what no build made', async () => {
    mkdirSync(join(site.dir, 'alte-seite'), { recursive: true });
    writeFileSync(join(site.dir, 'alte-seite/index.html'), '<p>alt</p>');
    writeFileSync(join(site.dir, 'assets/site.00000000.css'), 'a{}');
    const before = snapshot(site.dir);
    const summary = await rebuild();
    const after = snapshot(site.dir);

    expect(summary.written).toBe(0);
    expect(existsSync(join(site.dir, 'alte-seite'))).toBe(false);
    expect(existsSync(join(site.dir, 'assets/site.00000000.css'))).toBe(false);
    for (const [file, { mtime }] of after) if (file !== '_server/files.json') expect(mtime, file).toBe(before.get(file)!.mtime);
    expect(after.size).toBe(before.size - 2);
  }, 120_000);

  it('after a district leaves the data, writes exactly the files whose content changed and removes its page', async () => {
    const region = 'rheinland-niederrhein.yaml';
    expect(data.read(`places/${region}`)).toContain('      - Golzheim\n');
    // The town's facts count its districts; the build refuses a count that no longer holds.
    data.edit(`places/${region}`, (text) => text.replace('      - Golzheim\n', '').replace('mit 50 Stadtteilen', 'mit 49 Stadtteilen'));
    const before = snapshot(site.dir);
    const gone = [...before.keys()].filter((file) => /golzheim/.test(file));
    expect(gone.length).toBeGreaterThanOrEqual(2);

    const summary = await rebuild();
    const after = snapshot(site.dir);

    for (const file of gone) expect(after.has(file), file).toBe(false);
    let changed = 0;
    for (const [file, now] of after) {
      const then = before.get(file);
      if (file === '_server/files.json') continue;
      const same = then !== undefined && then.content.equals(now.content);
      // Written again exactly when its content differs: an unchanged file keeps its time.
      expect(now.mtime === then?.mtime, file).toBe(same);
      if (!same) changed += 1;
    }
    // The district's town lists it, the area page and the sitemap name it: some pages change, most do not.
    expect(changed).toBeGreaterThan(3);
    expect(changed).toBeLessThan(after.size / 10);
    expect(summary.written).toBeGreaterThan(0);
  }, 120_000);
});
