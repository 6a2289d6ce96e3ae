// The first message per field of a failed parse, as the forms show them and the API answers them
// ({ email: '…' }), by zod's own flattening. Shared by the contact and address forms in the browser
// and the server's API; zod's mini build, as the form schemas.
import * as z from 'zod/mini';

/** One message per field; problems with the input as a whole stand under `formKey`. */
export function firstMessages(error: z.core.$ZodError, formKey: string, formMessage?: string): Record<string, string> {
  const { formErrors, fieldErrors } = z.flattenError(error);
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors) as [string, string[] | undefined][]) {
    if (messages?.[0] !== undefined) fields[field] = messages[0];
  }
  if (formErrors[0] !== undefined) fields[formKey] ??= formMessage ?? formErrors[0];
  return fields;
}
