// One raw request, to tell what a benchmark is measuring: status, encoding and body size on the wire.
import { request as httpRequest } from 'node:http';

export interface Probe {
  status: number;
  encoding: string;
  bytes: number;
  /** The body as received (still compressed when the server compressed it). */
  body: Buffer;
}

export function probe(url: string, headers: Record<string, string>, options: { method?: string; body?: string } = {}): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'GET', headers, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          bytes: body.length,
          body,
        });
      });
      response.on('error', reject);
    });
    request.once('timeout', () => request.destroy(new Error(`${url} did not answer within 10 s.`)));
    request.once('error', reject);
    request.end(options.body);
  });
}
