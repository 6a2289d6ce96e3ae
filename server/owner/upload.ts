// Reading a photo form's multipart body (server/owner/photos.tsx) within a limit: a request that
// announces more is answered before a byte of its body is read, and one that sends more without
// announcing it (chunked) is cut off at the limit, so the server never holds more than the limit.
// The body is then parsed by Node's own Fetch API (undici's multipart parser; no dependency), and
// only the one file field the form has is taken.
import type { Request } from 'express';

export type UploadRead =
  | { kind: 'read'; fields: Map<string, string>; files: Map<string, Uint8Array> }
  /** More than the limit, announced or sent: answer 413 and close the connection. */
  | { kind: 'tooLarge' }
  /** Not multipart/form-data, or not readable as one. */
  | { kind: 'malformed' };

/** The body's bytes, or null once more than `limit` arrived (the rest is left unread). */
function bodyWithin(req: Request, limit: number): Promise<Buffer<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stop();
      req.pause();
      resolve(null);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // A client that goes away midway ends the wait; nothing is answered to it.
    const onClose = () => {
      if (req.complete) return;
      stop();
      reject(new Error('the client closed the connection before the whole form arrived'));
    };
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** The form's text fields and files of a multipart/form-data request of at most `limit` bytes. */
export async function readUpload(req: Request, limit: number): Promise<UploadRead> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data;/i.test(type)) return { kind: 'malformed' };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return { kind: 'tooLarge' };
  const body = await bodyWithin(req, limit);
  if (body === null) return { kind: 'tooLarge' };
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    return { kind: 'malformed' };
  }
  const fields = new Map<string, string>();
  const files = new Map<string, Uint8Array>();
  for (const [name, value] of form) {
    if (typeof value === 'string') fields.set(name, value);
    // A file input left empty arrives as a file without name and bytes: as if it were not there.
    else if (value.size > 0) files.set(name, new Uint8Array(await value.arrayBuffer()));
  }
  return { kind: 'read', fields, files };
}
