// The code stays easy to find one's way in: small modules and functions, and a name of a
// module-level function that means one thing in the whole code base, so that searching for it
// finds it (a `contactRoutes` in build/ and in server/ sent readers to the wrong one). The layers
// of the product's code are held to it; scripts/ and tests/ are not.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/data-copy.ts';

const MAX_FILE_LINES = 250;
const MAX_FUNCTION_LINES = 80;
const LAYERS = ['build', 'core', 'templates', 'client', 'server'];

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(tsx?|mjs)$/.test(name))
    .map((name) => join(ROOT, folder, name));
}

function tree(file: string, text = readFileSync(file, 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** The functions a module declares at its top level: `function f` and `const f = () =>`. */
function moduleFunctions(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) => {
    if (ts.isFunctionDeclaration(statement) && statement.name) return [statement.name.text];
    if (!ts.isVariableStatement(statement)) return [];
    return statement.declarationList.declarations
      .filter((declaration) => declaration.initializer && (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer)))
      .flatMap((declaration) => (ts.isIdentifier(declaration.name) ? [declaration.name.text] : []));
  });
}

/** "name: file, file" for every name two modules of these give a function of their top level. */
function sharedNames(files: { file: string; source: ts.SourceFile }[]): string[] {
  const where = new Map<string, string[]>();
  for (const { file, source } of files) for (const name of moduleFunctions(source)) where.set(name, [...(where.get(name) ?? []), file]);
  return [...where].filter(([, found]) => found.length > 1).map(([name, found]) => `${name}: ${found.join(', ')}`);
}

/** "file: N lines" for a module over the limit, "file:line: a function of N lines" for a function over it. */
function tooLong(files: { file: string; source: ts.SourceFile }[]): string[] {
  const long: string[] = [];
  for (const { file, source } of files) {
    const lines = source.getLineAndCharacterOfPosition(source.getEnd()).line;
    if (lines > MAX_FILE_LINES) long.push(`${file}: ${lines} lines`);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const span = source.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
        if (span > MAX_FUNCTION_LINES) long.push(`${file}:${first + 1}: a function of ${span} lines`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return long;
}

const parsed = (folders: string[]) => folders.flatMap(sources).map((file) => ({ file: relative(ROOT, file), source: tree(file) }));

describe('the code of build/, core/, templates/, client/ and server/', () => {
  it(`has no module over ${MAX_FILE_LINES} lines and no function over ${MAX_FUNCTION_LINES}`, () => {
    expect(tooLong(parsed(LAYERS))).toEqual([]);
  });

  it('names no two module-level functions alike', () => {
    expect(sharedNames(parsed(LAYERS))).toEqual([]);
  });

  it('sees a name two modules share, and a function too long (the checks themselves work)', () => {
    const files = [
      { file: 'server/a.ts', source: tree('a.ts', 'export function send() {}\nconst fail = () => 1;') },
      { file: 'client/b.ts', source: tree('b.ts', 'export const send = function () {};\nfunction other() {}') },
    ];
    expect(sharedNames(files)).toEqual(['send: server/a.ts, client/b.ts']);
    const long = `function long() {\n${'  step();\n'.repeat(MAX_FUNCTION_LINES)}}\n`;
    expect(tooLong([{ file: 'build/c.ts', source: tree('c.ts', long) }])).toEqual([`build/c.ts:1: a function of ${MAX_FUNCTION_LINES + 2} lines`]);
  });
});
