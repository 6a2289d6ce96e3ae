// The frame of the owner's console (dist/_server/console.html), which the server fills per request
// (server/owner/), and the version the console's System page shows.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement } from 'react';
import { z } from 'zod';
import { renderToStaticMarkup } from 'react-dom/server';
import { ConsoleShell } from '../../templates/layout/ConsoleShell.tsx';

export function renderConsoleShell(props: Parameters<typeof ConsoleShell>[0]): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(createElement(ConsoleShell, props))}`;
}

/** package.json's version, with the commit when the build runs in a git checkout ("0.1.0+ddfc084"). */
export function buildVersion(rootDir: string): string {
  const { version } = z.object({ version: z.string().min(1) }).parse(JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')));
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: rootDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return commit ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}
