// One raw request, to tell what a benchmark is measuring: status, encoding and body size on the wire.
import { get } from 'node:http';

export interface Probe {
  status: number;
  encoding: string;
  bytes: number;
}

export function probe(url: string, headers: Record<string, string>): Promise<Probe> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers, timeout: 10_000 }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: String(response.headers['content-encoding'] ?? 'identity'),
          bytes,
        }),
      );
      response.on('error', reject);
    });
    request.once('timeout', () => request.destroy(new Error(`${url} did not answer within 10 s.`)));
    request.once('error', reject);
  });
}
