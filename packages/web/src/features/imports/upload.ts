import { routeIndex, XSRF_HEADER, type Import, type ImportOptions } from '@kinfolio/contract';
import type { DetailedError } from 'tus-js-client';
import {
  ApiError,
  ensureCsrfCookie,
  LOST_WRITE,
  OFFLINE_WRITE,
  request,
} from '@/shared/api/client';
import { readXsrfToken } from '@/shared/api/cookies';
import { currentLanguage } from '@/shared/i18n';

/** What the Import page sends beside the file (the preview's answers come later, at start). */
export type UploadOptions = Partial<Omit<ImportOptions, 'people'>> & {
  people?: ImportOptions['people'];
};

export interface UploadProgress {
  /** Bytes sent so far, of `total`. */
  loaded: number;
  total: number;
}

export interface UploadControl {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageOf(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/** A source goes in chunks of this size: a dropped connection resends one chunk, not all. */
const CHUNK_BYTES = 16 * 1024 * 1024;

const aborted = () => new DOMException('Aborted', 'AbortError');

/** A failed tus request as the app's ApiError (status 0 when the network dropped). */
function apiErrorOf(error: Error): ApiError {
  const response = (error as DetailedError).originalResponse;
  if (!response) return new ApiError(0, LOST_WRITE);
  const body = parse(response.getBody());
  return new ApiError(response.getStatus(), messageOf(body, error.message), body);
}

/**
 * Sends `file` to `/api/import-uploads` with the tus protocol (tus-js-client): in chunks, each
 * retried after a short wait, and resumed where it stopped when the same file is dropped again
 * (the browser remembers the upload). Resolves with the finished upload's id.
 */
async function sendChunked(file: File, control: UploadControl): Promise<string> {
  const { Upload } = await import('tus-js-client');
  await ensureCsrfCookie();
  return new Promise<string>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: routeIndex.importUploadCreate[1],
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1_000, 3_000, 5_000, 10_000],
      metadata: { filename: file.name },
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (request) => {
        // Read at each request: the token may have been renewed during a long upload.
        const token = readXsrfToken();
        if (token) request.setHeader(XSRF_HEADER, token);
        request.setHeader('Accept-Language', currentLanguage());
      },
      onProgress: (loaded, total) => control.onProgress?.({ loaded, total }),
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
      onError: (error) => reject(apiErrorOf(error)),
    });
    const abort = () => {
      // Not terminated: dropped again, the same file resumes where it stopped.
      void upload.abort(false);
      reject(aborted());
    };
    if (control.signal?.aborted) return reject(aborted());
    control.signal?.addEventListener('abort', abort, { once: true });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      if (!control.signal?.aborted) upload.start();
    });
  });
}

/**
 * Uploads a source in resumable chunks, then starts its import; resolves with the import queued
 * (or analysing, with `preview`). The one place that sends a source's bytes. Fails with an
 * ApiError as `call` does (status 0 when the network dropped).
 */
export async function uploadImport(
  file: File,
  options: UploadOptions,
  control: UploadControl = {},
): Promise<Import> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    throw new ApiError(0, OFFLINE_WRITE);
  const uploadId = await sendChunked(file, control);
  const [method, path] = routeIndex.importCreate;
  const answer = await request<{ import: Import }>(
    method as 'POST',
    path,
    { ...options, upload_id: uploadId },
    { silent: true, signal: control.signal },
  );
  return answer.import;
}
