// The layers of the code (core/README.md): core/ is pure and imports no other layer; build/ and
// server/ never import each other; the browser code imports neither; templates read no files; and
// data/ holds the owner's facts, no code. So each side can change, run and be deployed without the
// other's dependencies.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/data-copy.ts';

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|mjs|js)$/.test(file))
    .map((file) => join(ROOT, folder, file));
}

/** Every import of a folder's modules, as [file, what it imports]. */
function imports(folder: string): [string, string][] {
  return sources(folder).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm)].map(
      (match): [string, string] => [file, (match[1] ?? match[2])!],
    ),
  );
}

/** The imports of a folder's modules that reach into one of `forbidden`, as "file → import". */
function crossings(folder: string, forbidden: string[]): string[] {
  return imports(folder)
    .filter(([, target]) => target.startsWith('.'))
    .filter(([file, target]) => forbidden.some((layer) => relative(ROOT, join(file, '..', target)).startsWith(`${layer}/`)))
    .map(([file, target]) => `${relative(ROOT, file)} → ${target}`);
}

/** The imports of Node's own modules (files, processes, the network), as "file → import". */
function nodeImports(folder: string): string[] {
  return imports(folder)
    .filter(([, target]) => target.startsWith('node:'))
    .map(([file, target]) => `${relative(ROOT, file)} → ${target}`);
}

describe('layers', () => {
  it('core/ imports nothing from the other layers and nothing of Node', () => {
    expect(crossings('core', ['templates', 'build', 'server', 'client', 'scripts', 'data'])).toEqual([]);
    expect(nodeImports('core')).toEqual([]);
  });

  it('build/ never imports server/, and server/ never imports build/', () => {
    expect(crossings('build', ['server'])).toEqual([]);
    expect(crossings('server', ['build'])).toEqual([]);
  });

  it('the browser code imports neither the build nor the server, and templates read no files', () => {
    expect(crossings('client', ['build', 'server', 'scripts'])).toEqual([]);
    expect(crossings('templates', ['build', 'server', 'client', 'scripts'])).toEqual([]);
    expect(nodeImports('templates')).toEqual([]);
  });

  it('data/ holds no code', () => {
    const code = readdirSync(join(ROOT, 'data'), { recursive: true, encoding: 'utf8' }).filter((file) => /\.(tsx?|m?js|cjs)$/.test(file));
    expect(code).toEqual([]);
  });

  it('sees an import that crosses, and an import of Node (the checks themselves work)', () => {
    expect(crossings('build', ['templates']).length).toBeGreaterThan(0);
    expect(crossings('build', ['core']).length).toBeGreaterThan(0);
    expect(nodeImports('server').length).toBeGreaterThan(0);
  });
});
