// Every word a visitor (or the owner, in the console's views under server/owner/views) reads comes from
// data/ (data/README.md): the components, layout, pages, islands and the server hold markup and
// logic, the data files the words (the server's messages: data/messages.yaml). This reads the templates' source as
// TypeScript and lists text between tags, text attributes a visitor sees or hears, and German
// words in strings. The language layer in templates/lib (lists joined with "und", prepositions,
// plurals, compass words, price phrases assembled from data/prices.yaml) is outside its reach by
// design (docs/decisions.md, "Copy in data").
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/data-copy.ts';

const FOLDERS = ['templates/components', 'templates/layout', 'templates/pages', 'templates/islands', 'server/owner/views'];
/** Attributes whose text is shown or read out, and component props that carry such text. */
const TEXT_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'heading', 'text', 'lead', 'highlight', 'linkLabel']);
const GERMAN = /[äöüÄÖÜß]|\b[A-ZÄÖÜ][a-zäöüß]+ [a-zäöüß]{2,}|\b(Sie|Ihre?|wir|nicht|oder|von|mit|der|die|das)\b/;
/** Strings that are grammar, not copy: the separator of a list of links. */
const GRAMMAR = new Set([' und ']);
/** German in the server's code, whose log lines and errors for the operator are English sentences. */
const GERMAN_WORDS = /[äöüÄÖÜß]|\b(Sie|Ihre?|wir|uns|nicht|oder|von|mit|der|die|das|ist|Bitte)\b/;

/** "file:line: text" for every word typed into a template's source. */
function typedWords(source: string, file: string, german = GERMAN): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => void found.push(`${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`);
  const inDiagnostic = (node: ts.Node): boolean => {
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (ts.isNewExpression(parent) || ts.isThrowStatement(parent)) return true;
      if (ts.isCallExpression(parent) && (parent.expression.kind === ts.SyntaxKind.SuperKeyword || /^console\./.test(parent.expression.getText(tree)))) return true;
    }
    return false;
  };
  /** A string that is itself a child of an element: `{cond ? 'Ja' : 'Nein'}`, `{cond && 'Ja'}`. */
  const shownAsChild = (node: ts.Node): boolean => {
    let current = node;
    for (;;) {
      const parent = current.parent;
      const result =
        (ts.isConditionalExpression(parent) && parent.condition !== current) ||
        (ts.isBinaryExpression(parent) && parent.right === current && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(parent.operatorToken.kind)) ||
        ts.isParenthesizedExpression(parent);
      if (!result) break;
      current = parent;
    }
    const parent = current.parent;
    return ts.isJsxExpression(parent) && (ts.isJsxElement(parent.parent) || ts.isJsxFragment(parent.parent));
  };
  const visit = (node: ts.Node) => {
    // Entities such as &nbsp; are spacing, not words.
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text.replace(/&\w+;/g, ''))) report(node, node.text);
    else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(tree)) && node.initializer && ts.isStringLiteral(node.initializer)) {
      // alt="" marks a decorative image: no words.
      return node.initializer.text === '' ? undefined : report(node, node.initializer.text);
    }
    else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) && (german.test(node.text) || (shownAsChild(node) && /\p{L}{2}/u.test(node.text))) && !GRAMMAR.has(node.text) && !inDiagnostic(node)) {
      report(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(ROOT, folder, name));
}

function templateFiles(): string[] {
  return FOLDERS.flatMap(sources);
}

/** German in the server's code that is not a message to a visitor: the owner's notification mail (written by code, for the owner). */
const SERVER_WORDS_FOR_OTHERS = ['server/contact/mail.ts:'];

describe('copy in data', () => {
  it('no component, layout part, page or island types a word a visitor reads', () => {
    const typed = templateFiles().flatMap((file) => typedWords(readFileSync(file, 'utf8'), relative(ROOT, file)));
    expect(typed).toEqual([]);
  });

  it('no module of the server types a word a visitor reads: the messages are data/messages.yaml\'s', () => {
    const typed = sources('server').flatMap((file) => typedWords(readFileSync(file, 'utf8'), relative(ROOT, file), GERMAN_WORDS));
    expect(typed.filter((line) => !SERVER_WORDS_FOR_OTHERS.some((allowed) => line.startsWith(allowed)))).toEqual([]);
  });

  it('finds words typed between tags, in a visible attribute and in a string (the check itself works)', () => {
    const source = [
      'export const A = () => <p>Jetzt anrufen</p>;',
      'export const B = () => <a aria-label="Nach oben" />;',
      "export const C = (n: number) => `${n} Orte gefunden`;",
      "export const D = () => { throw new Error('Die Seite fehlt'); };",
      "export const E = () => <p className=\"card stat\">{' '}</p>;",
      "export const F = (example: boolean) => <p>{example ? 'Beispielbewertung' : 'Google-Bewertung'}</p>;",
    ].join('\n');
    expect(typedWords(source, 'x.tsx').map((line) => line.replace(/^x\.tsx:\d+: /, ''))).toEqual(['Jetzt anrufen', 'Nach oben', 'Orte gefunden', 'Beispielbewertung', 'Google-Bewertung']);
  });
});
