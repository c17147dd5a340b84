/*
 * Sharing a file to Kinfolio from a phone's share sheet (a WhatsApp export, most often): the
 * installed app is a Web Share Target (the manifest's `share_target`, vite.config.ts) whose form
 * is posted to SHARE_ACTION. The service worker answers that post (`receiveShare`): it keeps the
 * shared file in Cache Storage and sends the page to `/import?shared=1`, where the Import page
 * takes it (`takeSharedFile`) and uploads it as if it had been dropped.
 */

/** Where the share sheet posts the shared file (the manifest's `share_target.action`). */
export const SHARE_ACTION = '/share-target';
/** The Cache Storage cache keeping the shared file until the Import page takes it. */
export const SHARED_CACHE = 'kinfolio-shared';
/** The key of the shared file in that cache. */
export const SHARED_KEY = '/shared-import';
/** The form field holding the shared files (the manifest's `share_target.params.files`). */
export const SHARED_FIELD = 'file';

/**
 * The service worker's answer to the share sheet's post: the first shared file kept (only the
 * latest share waits), then a redirect to the Import page, which takes it. A post without a file
 * (a text shared) still opens the Import page. Serialised into sw.js by vite-plugin-pwa, so it
 * refers to nothing outside itself: its names are written out here (the unit test checks they
 * are SHARED_CACHE, SHARED_KEY and SHARED_FIELD).
 */
export async function receiveShare({ request }: { request: Request }): Promise<Response> {
  const cache = await caches.open('kinfolio-shared');
  await cache.delete('/shared-import');
  try {
    const form = await request.formData();
    const file = form.getAll('file').find((value): value is File => typeof value !== 'string');
    if (file) {
      await cache.put(
        '/shared-import',
        new Response(file, {
          headers: {
            'content-type': file.type || 'application/octet-stream',
            'x-file-name': encodeURIComponent(file.name),
            'x-last-modified': String(file.lastModified),
          },
        }),
      );
    }
  } catch {
    // Not a form (or too large to read): the Import page opens without a file.
  }
  return Response.redirect(new URL('/import?shared=1', request.url).href, 303);
}

/**
 * The file shared to the app, taken out of Cache Storage (it is handed over once), or null when
 * there is none (the page reloaded, or the browser has no Cache Storage).
 */
export async function takeSharedFile(
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<File | null> {
  if (!storage) return null;
  const cache = await storage.open(SHARED_CACHE);
  const response = await cache.match(SHARED_KEY);
  if (!response) return null;
  await cache.delete(SHARED_KEY);
  const name = decodeURIComponent(response.headers.get('x-file-name') ?? '') || 'shared';
  const modified = Number(response.headers.get('x-last-modified'));
  return new File([await response.arrayBuffer()], name, {
    type: response.headers.get('content-type') ?? '',
    ...(Number.isFinite(modified) && modified > 0 ? { lastModified: modified } : {}),
  });
}
