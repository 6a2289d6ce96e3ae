// A copy of data/ at the top of a git checkout of its own, built once as the served release, as the
// server runs on a deployment (docs/deployment.md): what publishing from the console commits to and
// builds into. The builds beside data/ are ignored as the project's .gitignore ignores them.
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyData, ROOT, type DataCopy } from './data-copy.ts';

export interface DataCheckout {
  data: DataCopy;
  /** The checkout: data/ and, beside it, dist -> releases/current. */
  repo: string;
  dist: string;
  /** Runs git in the checkout as a developer. */
  git(...args: string[]): string;
}

export function dataCheckout(): DataCheckout {
  const data = copyData();
  const repo = join(data.dir, '..');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Entwickler', '-c', 'user.email=dev@example.invalid', ...args], { cwd: repo, encoding: 'utf8' });
  git('init', '--quiet', '--initial-branch=main');
  writeFileSync(join(repo, '.gitignore'), 'dist\nreleases/\n');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'Start');
  const dist = join(repo, 'dist');
  const built = spawnSync(process.execPath, ['build/launch.mjs', '--data', data.dir, '--dist', dist], { cwd: ROOT, encoding: 'utf8', timeout: 180_000 });
  if (built.status !== 0) throw new Error(`The first release was not built:\n${built.stderr}`);
  return { data, repo, dist, git };
}
