import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendStored } from '../../storage/index.js';
import type { FileStorage } from '../../storage/storage.js';

// The name is shared with the web app, which names the file it downloads or shares the same way.
export { mp3Name } from '@kinfolio/contract';

/** As for the other files: nothing served from the archive's origin may run there. */
const FILE_CSP = "default-src 'none'; media-src 'self'; sandbox";

/**
 * Sends a generated MP3: strong ETag from its key (a key's bytes never change), private caching,
 * single byte ranges so players can seek, inline so the new tab plays it; bytes gone from the
 * storage give a clean 410.
 */
export function sendMp3(
  storage: FileStorage,
  mp3: { storageKey: string; size: number; key: string; name: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  return sendStored(
    {
      storage,
      key: mp3.storageKey,
      size: mp3.size,
      etag: `"${mp3.key}"`,
      type: 'audio/mpeg',
      disposition: { name: mp3.name, inline: true },
      csp: FILE_CSP,
      ranges: true,
    },
    request,
    reply,
  );
}
