import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import { FILE_LIMITS } from '@kinfolio/contract';
import type { Database } from '../../../db/schema.js';
import type { TempDir } from '../../../storage/index.js';
import {
  filesRepository,
  HEAD_BYTES,
  photoColumns,
  photoMetadataOf,
  removeBytes,
  storeThumbnail,
  thumbKeyOf,
  thumbnailOf,
} from '../../files/index.js';
import { newStorageKey } from '../photos.js';
import { previewOf } from '../preview.js';
import type { ImportRun } from '../run.js';
import { isVideo, sniffMedia, type MediaMime } from '../sniff.js';
import type { MailAttachment } from './message.js';

/** An attachment whose bytes (and thumbnail) are in storage, its row still to write. */
export interface StoredAttachment {
  name: string;
  mime: string;
  size: number;
  sha256: string;
  key: string;
  thumbKey: string | null;
  width: number | null;
  height: number | null;
  columns: ReturnType<typeof photoColumns>;
}

/** A media type as a file row keeps it: `type/subtype`, else a plain byte stream. */
function declaredType(value: string): string {
  const type = value.trim().toLowerCase();
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) && type.length <= 100
    ? type
    : 'application/octet-stream';
}

/** The attachment's own name, else `attachment-N` with nothing more said. */
function fileName(attachment: MailAttachment, index: number): string {
  const name = (attachment.name ?? '').replace(/[/\\]/g, '_').trim();
  return [...(name || `attachment-${index + 1}`)].slice(0, FILE_LIMITS.nameMaxLength).join('');
}

/**
 * Stores a mail's attachments' bytes, and a thumbnail for each picture or video (as photos'
 * imports do), before the mail's transaction: a worker killed after this leaves only bytes
 * without a row, which the files check removes. On failure, what was stored is removed.
 */
export async function storeAttachments(
  run: ImportRun,
  attachments: MailAttachment[],
  dir: TempDir,
  unit: string,
): Promise<StoredAttachment[]> {
  const stored: StoredAttachment[] = [];
  try {
    for (const [index, attachment] of attachments.entries()) {
      const bytes = attachment.content;
      const head = bytes.subarray(0, HEAD_BYTES);
      const sniffed: MediaMime | undefined = sniffMedia(head);
      const mime = sniffed ?? declaredType(attachment.contentType);
      let preview: Buffer | undefined;
      if (sniffed) {
        const temp = `${unit}-${index}`;
        // A video's poster frame is read by ffmpeg from a file.
        if (isVideo(sniffed)) await dir.write(temp, Readable.from([bytes]));
        try {
          preview = await previewOf(
            sniffed,
            dir,
            temp,
            bytes.length,
            () => Promise.resolve(bytes),
            run.signal,
          );
        } finally {
          if (isVideo(sniffed)) await dir.remove(temp);
        }
      }
      const rendered = preview ? await thumbnailOf(preview) : undefined;
      const key = newStorageKey();
      const thumbKey = rendered ? thumbKeyOf(key) : null;
      await run.ctx.storage.files.put(key, Readable.from([bytes]), { contentType: mime });
      stored.push({
        name: fileName(attachment, index),
        mime,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        key,
        thumbKey,
        width: rendered?.width ?? null,
        height: rendered?.height ?? null,
        columns: photoColumns(sniffed ? await photoMetadataOf(sniffed, head) : {}),
      });
      if (rendered) await storeThumbnail(run.ctx.storage.files, thumbKey!, rendered.webp);
    }
  } catch (error) {
    await removeStoredAttachments(run, stored);
    throw error;
  }
  return stored;
}

export async function removeStoredAttachments(run: ImportRun, stored: StoredAttachment[]) {
  await removeBytes(
    run.ctx,
    stored.flatMap((file) => (file.thumbKey ? [file.key, file.thumbKey] : [file.key])),
  );
}

/** The attachments' file rows, on the mail's item, inside its transaction. */
export async function insertAttachmentRows(
  run: ImportRun,
  trx: Transaction<Database>,
  itemId: number,
  stored: StoredAttachment[],
) {
  const now = run.ctx.now().toISOString();
  for (const file of stored) {
    await filesRepository(trx).insert({
      item_id: itemId,
      upload_token: null,
      name: file.name,
      mime: file.mime,
      size: file.size,
      storage_key: file.key,
      thumb_key: file.thumbKey,
      thumb_pending: 0,
      sha256: file.sha256,
      width: file.width,
      height: file.height,
      created_by: run.actor?.id ?? null,
      created_at: now,
      attached_at: now,
      ...file.columns,
    });
  }
}
