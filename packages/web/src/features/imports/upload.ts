import { routeIndex, XSRF_HEADER, type Import, type ImportOptions } from '@kinfolio/contract';
import { ApiError, ensureCsrfCookie, LOST_WRITE, OFFLINE_WRITE } from '@/shared/api/client';
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

/** The multipart body of `POST /api/imports`: option fields first, `people` as JSON text, the file last. */
export function importForm(file: File, options: UploadOptions): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  form.append('file', file, file.name);
  return form;
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

/**
 * Uploads a source to start an import and resolves with the import queued (or analysing, with
 * `preview`). The one place that sends a source's bytes: a plain multipart upload through XHR (fetch
 * cannot report an upload's progress), which resumable chunked (tus) uploads can replace without
 * the screens changing. Fails with an ApiError as `call` does (status 0 when the network dropped).
 */
export async function uploadImport(
  file: File,
  options: UploadOptions,
  control: UploadControl = {},
): Promise<Import> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false)
    throw new ApiError(0, OFFLINE_WRITE);
  await ensureCsrfCookie();
  const [method, path] = routeIndex.importCreate;
  return new Promise<Import>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = readXsrfToken();
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      control.onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : file.size,
      });
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((body as { import: Import }).import);
      } else {
        reject(new ApiError(xhr.status, messageOf(body, xhr.statusText), body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, LOST_WRITE));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    const abort = () => xhr.abort();
    if (control.signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    control.signal?.addEventListener('abort', abort, { once: true });
    xhr.onloadend = () => control.signal?.removeEventListener('abort', abort);
    xhr.send(importForm(file, options));
  });
}
