import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendStored } from '../../storage/index.js';
import type { FileStorage } from '../../storage/storage.js';

/** As for the other files: nothing served from the archive's origin may run there. */
const FILE_CSP = "default-src 'none'; media-src 'self'; sandbox";

/** The download's name: the record's title (or its number), safe for every file system. */
export function mp3Name(title: string, recordId: number): string {
  const base = title
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || `record-${recordId}`}.mp3`;
}

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
