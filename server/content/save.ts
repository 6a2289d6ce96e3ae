// Saving a data form (docs/owner-console.md, "Editing the data"): every posted name must be a field
// of the form; the file must be the version the form was opened on, unless nothing is to change;
// each typed text must fit its field, the changed data its schema and the build's checks (run on a
// copy of data/); only then is the file written, in place, with only the changed values replaced.
// Anything else writes nothing and says why, next to the field where it has one.
import type { ConsoleWords } from '../../core/schema/console.ts';
import { fillSlots } from '../../core/slots.ts';
import type { Log } from '../context.ts';
import type { ZodType } from 'zod';
import { buildProblems, readDataFile, writeDataFile, type BuildProblem, type DataFileName } from './data-file.ts';
import { fieldValue, NOT_APPLICABLE, type FormField, type Problems } from './form-fields.ts';
import { dataOf, editOf, schemaProblems, type DataForm } from './forms.ts';
import { lineOfPath, parseDataText, type DataEdit, type EditValue } from './yaml-edit.ts';

/** The hidden field with the file's version the form was opened on; no data path starts with "_". */
export const VERSION_FIELD = '_version';

export interface Change {
  field: FormField;
  before: EditValue;
  after: EditValue;
}

export type SaveOutcome =
  | { kind: 'unknownField'; name: string }
  | { kind: 'conflict'; typed: ReadonlyMap<string, string> }
  | { kind: 'problems'; typed: ReadonlyMap<string, string>; problems: Problems }
  | { kind: 'checkFailed'; typed: ReadonlyMap<string, string> }
  | { kind: 'unchanged' }
  | { kind: 'saved'; changes: Change[]; note?: string };

/** The posted text of each field; a name that is no field of the form ends it. */
function typedFields(body: unknown, fields: readonly FormField[]): { typed: Map<string, string> } | { unknown: string } {
  const typed = new Map<string, string>();
  const known = new Set(fields.map((field) => field.path));
  for (const [name, value] of Object.entries(body !== null && typeof body === 'object' ? body : {})) {
    if (name === VERSION_FIELD) continue;
    if (!known.has(name)) return { unknown: name };
    // A name posted twice: a checkbox's hidden "false" and, when ticked, its "true" after it (the
    // last one counts); or a fact's text with its checked box "trifft nicht zu", which wins.
    const values: unknown[] = Array.isArray(value) ? value : [value];
    const checkbox = fields.find((field) => field.path === name)?.kind === 'checkbox';
    const chosen = checkbox || values.length === 1 ? values.at(-1) : values.includes(NOT_APPLICABLE) ? NOT_APPLICABLE : '';
    typed.set(name, typeof chosen === 'string' ? chosen : '');
  }
  return { typed };
}

/** The build's problems at the fields of the lines they name; those at no field, under the form's first field that changed. */
function fieldsOfBuildProblems(text: string, problems: readonly { file: string; line: number | null; message: string }[], form: DataForm, fields: readonly FormField[], edits: readonly (DataEdit & { field: string })[], words: ConsoleWords['form']): Map<string, string> {
  // A Markdown page's body has no line of its own here: its problems go to the first changed field.
  const lineOf = (path: string) => (form.format ? null : lineOfPath(form.file, text, path));
  const found = new Map<string, string>();
  for (const problem of problems) {
    const at = problem.file === `data/${form.file}` ? edits.find((edit) => lineOf(edit.path) === problem.line) : undefined;
    // A placeholder of another file that names a value of this one ("{{hosting.address}}"): at that value's field.
    const named = /\{\{([\w.-]+)\}\}/.exec(problem.message)?.[1];
    const path = at?.field ?? (named !== undefined && fields.some((field) => field.path === named) ? named : edits[0]!.field);
    const message = fillSlots(words.problems.build, { message: problem.message });
    // Said once per field: several problems may read alike in the owner's words.
    const before = found.get(path);
    if (before === undefined) found.set(path, message);
    else if (!before.includes(message)) found.set(path, `${before} ${message}`);
  }
  return found;
}

/** The data edits of the changed fields: a field's own, or those it derives (server/content/form-fields.ts, `derive`), each with its field's path. */
function dataEdits(changed: readonly Change[]): (DataEdit & { field: string })[] {
  return changed.flatMap(({ field, after }) => (field.derive ? field.derive(after) : [{ path: field.path, value: after }]).map((edit) => ({ ...edit, field: field.path })));
}

export async function saveForm(dataDir: string, form: DataForm, body: unknown, words: ConsoleWords, log: Log): Promise<SaveOutcome> {
  const current = readDataFile(dataDir, form.file);
  const fields = form.groups(dataOf(form, current.text), words, dataDir).flatMap((group) => group.fields);
  const posted = typedFields(body, fields);
  if ('unknown' in posted) return { kind: 'unknownField', name: posted.unknown };
  const { typed } = posted;
  const problems = new Map<string, string>();
  const changes: Change[] = [];
  for (const field of fields) {
    const text = typed.get(field.path);
    if (text === undefined) continue;
    const parsed = fieldValue(field, text, words.form.problems);
    if ('problem' in parsed) problems.set(field.path, parsed.problem);
    else if (parsed.value !== field.value) changes.push({ field, before: field.value, after: parsed.value });
  }
  // What the form changes with the owner's change (a legal text's date), unless a typed text is refused.
  const also = problems.size === 0 && changes.length > 0 ? (form.alsoChanges?.(changes, fields, words) ?? null) : null;
  if (also) changes.push(...also.changes);
  const edits = dataEdits(changes);
  const version = (body as Record<string, unknown>)[VERSION_FIELD];
  if (problems.size === 0 && edits.length === 0) return { kind: 'unchanged' };
  if (version !== current.version) return { kind: 'conflict', typed };
  if (problems.size > 0) return { kind: 'problems', typed, problems };
  const edited = editOf(form)(current.text, edits);
  const refused = new Map([...schemaProblems(form.schema, edited.data, fields, words.form.problems), ...(form.check?.(edited.data, words) ?? [])]);
  if (refused.size > 0) return { kind: 'problems', typed, problems: refused };
  let found;
  try {
    found = await buildProblems(dataDir, form.file, edited.text);
  } catch (error) {
    log(`Owner's console: data/${form.file} not saved, the build's check did not run: ${(error as Error).message}`);
    return { kind: 'checkFailed', typed };
  }
  if (found.length > 0) {
    log(`Owner's console: data/${form.file} not saved, the build refuses the change:\n${found.map((problem) => `- ${problem.message}`).join('\n')}`);
    return { kind: 'problems', typed, problems: fieldsOfBuildProblems(edited.text, found, form, fields, edits, words.form) };
  }
  // Another save may have written while the build's check ran: the queue of the routes prevents
  // that within this server; a file changed by someone else in that time is refused here.
  if (readDataFile(dataDir, form.file).version !== current.version) return { kind: 'conflict', typed };
  writeDataFile(dataDir, form.file, edited.text);
  // A long text (a page's Markdown) is cut in the log: the file and git hold it whole.
  const logged = (value: EditValue) => (JSON.stringify(value).length > 160 ? `${JSON.stringify(value).slice(0, 150)}…" (${String(value).length} characters)` : JSON.stringify(value));
  log(`Owner's console: data/${form.file} saved: ${edits.map((edit) => `${edit.path} = ${logged(edit.value)}`).join(', ')}.`);
  return { kind: 'saved', changes, ...(also ? { note: also.note } : {}) };
}

/** What a structural save found: the schema's issues (paths of keys and list positions) and the build's problems, for the form to place at its fields. */
export type TextSaveOutcome =
  | { kind: 'conflict' }
  | { kind: 'unchanged' }
  | { kind: 'checkFailed' }
  | { kind: 'refused'; text: string; issues: { path: PropertyKey[]; message: string }[]; problems: BuildProblem[] }
  | { kind: 'saved'; text: string };

/**
 * A save whose edit is a function from the file's text to its new text (adding or removing a list
 * item, server/content/yaml-list-edit.ts), through the same steps as a form's: the version the
 * form was opened on, the file's schema, the build's checks on a copy of data/, then the write in
 * place. The caller has checked the owner's typed values; `what` says the change in the log.
 */
export async function saveText(dataDir: string, file: DataFileName, version: unknown, edit: (text: string) => string, schema: ZodType, log: Log, what: string): Promise<TextSaveOutcome> {
  const current = readDataFile(dataDir, file);
  if (version !== current.version) return { kind: 'conflict' };
  const text = edit(current.text);
  if (text === current.text) return { kind: 'unchanged' };
  const checked = schema.safeParse(parseDataText(text).toJS());
  if (!checked.success) {
    log(`Owner's console: data/${file} not saved (${what}), it would not fit its schema: ${checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
    return { kind: 'refused', text, issues: checked.error.issues.map((issue) => ({ path: issue.path, message: issue.message })), problems: [] };
  }
  let found: BuildProblem[];
  try {
    found = await buildProblems(dataDir, file, text);
  } catch (error) {
    log(`Owner's console: data/${file} not saved (${what}), the build's check did not run: ${(error as Error).message}`);
    return { kind: 'checkFailed' };
  }
  if (found.length > 0) {
    log(`Owner's console: data/${file} not saved (${what}), the build refuses the change:\n${found.map((problem) => `- ${problem.message}`).join('\n')}`);
    return { kind: 'refused', text, issues: [], problems: found };
  }
  if (readDataFile(dataDir, file).version !== current.version) return { kind: 'conflict' };
  writeDataFile(dataDir, file, text);
  log(`Owner's console: data/${file} saved: ${what}.`);
  return { kind: 'saved', text };
}
