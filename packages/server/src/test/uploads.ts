import { routes } from '@kinfolio/contract';
import type { TestClient } from './client.js';
import type { FileStorage } from '../storage/index.js';

/** A multipart body as FilePond sends it: its metadata field, then the file. */
export function multipartBody(
  file: { name: string; type: string; data: Buffer },
  field = 'filepond',
) {
  const boundary = `----kinfolio${Math.random().toString(16).slice(2)}`;
  const head = (disposition: string, type?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(`${head(`name="${field}"`)}{}\r\n`),
    Buffer.from(head(`name="${field}"; filename="${file.name}"`, file.type)),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** FilePond's `process` call. */
export function uploadFile(client: TestClient, file: { name: string; type: string; data: Buffer }) {
  const { payload, contentType } = multipartBody(file);
  return client.sendRaw('POST', routes.filepondProcess.path, payload, {
    'content-type': contentType,
  });
}

/** FilePond's `revert` call: the server id as a text/plain body. */
export function revertUpload(client: TestClient, serverId: string) {
  return client.sendRaw('DELETE', routes.filepondRevert.path, serverId, {
    'content-type': 'text/plain',
  });
}

/** The keys of every stored object of a storage (bytes and thumbnails, for the files). */
export async function storedKeys(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys;
}
