// The layers of the code (templates/lib/README.md): build/ and server/ never import each other,
// and templates/lib/ imports from neither, nor from the browser code, so each side can change,
// run and be deployed without the other's dependencies.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/data-copy.ts';

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(ROOT, folder, file));
}

/** The imports of a folder's modules that reach into one of `forbidden`, as "file → import". */
function crossings(folder: string, forbidden: string[]): string[] {
  return sources(folder).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*from\s+'([^']+)'/gm)]
      .map((match) => match[1]!)
      .filter((target) => target.startsWith('.'))
      .filter((target) => forbidden.some((layer) => relative(ROOT, join(file, '..', target)).startsWith(`${layer}/`)))
      .map((target) => `${relative(ROOT, file)} → ${target}`),
  );
}

describe('layers', () => {
  it('build/ never imports server/, and server/ never imports build/', () => {
    expect(crossings('build', ['server'])).toEqual([]);
    expect(crossings('server', ['build'])).toEqual([]);
  });

  it('templates/lib/ and data/schema/ import nothing from build/, server/ or client/', () => {
    expect(crossings('templates/lib', ['build', 'server', 'client'])).toEqual([]);
    expect(crossings('data/schema', ['build', 'server', 'client'])).toEqual([]);
  });

  it('sees an import that crosses (the check itself works)', () => {
    expect(crossings('build', ['templates']).length).toBeGreaterThan(0);
  });
});
