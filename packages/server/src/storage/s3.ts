import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, MissingBytesError, type FileStorage, type StoredObject } from './storage.js';

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key (`family/` puts everything under that folder of the bucket). */
  prefix: string;
}

/** Parts of a multipart upload: large files go up in pieces, never whole in memory. */
const PART_SIZE = 8 * 1024 * 1024;

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 ||
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound');

/**
 * Objects of one kind in an S3-compatible bucket, under `settings.prefix` + `kind` + `/`. Objects
 * appear only once complete (S3's own guarantee for put and multipart uploads), so a put needs no
 * partial name; an upload cut short leaves a multipart upload, which removeAbandonedPartials aborts.
 */
export function s3Storage(client: S3Client, settings: S3Settings, kind: string): FileStorage {
  const Bucket = settings.bucket;
  const base = `${settings.prefix}${kind}/`;
  const keyOf = (key: string) => base + checkKey(key);
  /** Multipart uploads this process is still sending: never aborted as abandoned. */
  const writing = new Set<string>();

  async function open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const answer = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: keyOf(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new MissingBytesError(key);
      throw error;
    }
  }

  return {
    async put(key, source, options = {}) {
      const Key = keyOf(key);
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key,
          Body: source,
          ...(options.contentType ? { ContentType: options.contentType } : {}),
        },
        partSize: PART_SIZE,
        queueSize: 2,
      });
      writing.add(Key);
      try {
        await upload.done();
      } finally {
        writing.delete(Key);
      }
    },
    open,
    get(key, range) {
      const out = new PassThrough();
      open(key, range).then(
        (body) => pipeline(body, out).catch((error: unknown) => out.destroy(error as Error)),
        (error: unknown) => out.destroy(error as Error),
      );
      return out;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return {
          key,
          size: Number(head.ContentLength ?? 0),
          modifiedAt: head.LastModified ?? new Date(0),
        };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async *list(prefix = ''): AsyncGenerator<StoredObject> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: base + prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          yield {
            key: object.Key.slice(base.length),
            size: Number(object.Size ?? 0),
            modifiedAt: object.LastModified ?? new Date(0),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async removeAbandonedPartials(idleBefore) {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      try {
        for (;;) {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket, Prefix: base, KeyMarker, UploadIdMarker }),
          );
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !upload.UploadId || writing.has(upload.Key)) continue;
            if (!upload.Initiated || upload.Initiated >= idleBefore) continue;
            await client.send(
              new AbortMultipartUploadCommand({
                Bucket,
                Key: upload.Key,
                UploadId: upload.UploadId,
              }),
            );
            removed += 1;
          }
          if (!page.IsTruncated) break;
          KeyMarker = page.NextKeyMarker;
          UploadIdMarker = page.NextUploadIdMarker;
        }
      } catch (error) {
        // Some S3-compatible servers (s3rver among them) do not list multipart uploads: their
        // own lifecycle rules are then what removes abandoned parts.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 501) {
          return removed;
        }
        throw error;
      }
      return removed;
    },
  };
}
