import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Writes a chunk, waiting for the stream to drain when its buffer is full (flat memory). */
export async function write(stream: Writable, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/** Ends the stream and waits until everything is flushed. */
export async function finish(stream: Writable): Promise<void> {
  stream.end();
  if (!stream.writableFinished) await once(stream, 'finish');
}
