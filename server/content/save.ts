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
import { fieldValue, type FormField, type Problems } from './form-fields.ts';
import { schemaProblems, type DataForm } from './forms.ts';
import { editYamlText, parseDataText, scalarAt, type DataEdit, type EditValue } from './yaml-edit.ts';

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
  | { kind: 'saved'; changes: Change[] };

/** The posted text of each field; a name that is no field of the form ends it. */
function typedFields(body: unknown, fields: readonly FormField[]): { typed: Map<string, string> } | { unknown: string } {
  const typed = new Map<string, string>();
  const known = new Set(fields.map((field) => field.path));
  for (const [name, value] of Object.entries(body !== null && typeof body === 'object' ? body : {})) {
    if (name === VERSION_FIELD) continue;
    if (!known.has(name)) return { unknown: name };
    typed.set(name, typeof value === 'string' ? value : '');
  }
  return { typed };
}

/** The build's problems at the fields of the lines they name; those at no field, under the form's first field that changed. */
function fieldsOfBuildProblems(text: string, problems: readonly { file: string; line: number | null; message: string }[], form: DataForm, edits: readonly DataEdit[], words: ConsoleWords['form']): Map<string, string> {
  const document = parseDataText(text);
  const lineOf = (path: string) => {
    const range = scalarAt(document, path)?.range;
    return range ? text.slice(0, range[0]).split('\n').length : null;
  };
  const found = new Map<string, string>();
  for (const problem of problems) {
    const at = problem.file === `data/${form.file}` ? edits.find((edit) => lineOf(edit.path) === problem.line) : undefined;
    const path = at?.path ?? edits[0]!.path;
    const message = fillSlots(words.problems.build, { message: problem.message });
    found.set(path, found.has(path) ? `${found.get(path)} ${message}` : message);
  }
  return found;
}

export async function saveForm(dataDir: string, form: DataForm, body: unknown, words: ConsoleWords, log: Log): Promise<SaveOutcome> {
  const current = readDataFile(dataDir, form.file);
  const fields = form.groups(parseDataText(current.text).toJS(), words).flatMap((group) => group.fields);
  const posted = typedFields(body, fields);
  if ('unknown' in posted) return { kind: 'unknownField', name: posted.unknown };
  const { typed } = posted;
  const problems = new Map<string, string>();
  const edits: DataEdit[] = [];
  for (const field of fields) {
    const text = typed.get(field.path);
    if (text === undefined) continue;
    const parsed = fieldValue(field, text, words.form.problems);
    if ('problem' in parsed) problems.set(field.path, parsed.problem);
    else if (parsed.value !== field.value) edits.push({ path: field.path, value: parsed.value });
  }
  const version = (body as Record<string, unknown>)[VERSION_FIELD];
  if (problems.size === 0 && edits.length === 0) return { kind: 'unchanged' };
  if (version !== current.version) return { kind: 'conflict', typed };
  if (problems.size > 0) return { kind: 'problems', typed, problems };
  const edited = editYamlText(current.text, edits);
  const refused = schemaProblems(form.schema, edited.data, fields, words.form.problems);
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
    return { kind: 'problems', typed, problems: fieldsOfBuildProblems(edited.text, found, form, edits, words.form) };
  }
  // Another save may have written while the build's check ran: the queue of the routes prevents
  // that within this server; a file changed by someone else in that time is refused here.
  if (readDataFile(dataDir, form.file).version !== current.version) return { kind: 'conflict', typed };
  writeDataFile(dataDir, form.file, edited.text);
  const changes = edits.map((edit) => {
    const field = fields.find((candidate) => candidate.path === edit.path)!;
    return { field, before: field.value, after: edit.value };
  });
  log(`Owner's console: data/${form.file} saved: ${edits.map((edit) => `${edit.path} = ${JSON.stringify(edit.value)}`).join(', ')}.`);
  return { kind: 'saved', changes };
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
