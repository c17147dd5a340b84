/**
 * The phone's share sheet for a file of the archive: offered only where the browser can share
 * files (`navigator.canShare({ files })`), which desktop browsers mostly cannot.
 */
export function canShareFiles(type: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function') return false;
  try {
    return navigator.canShare({ files: [new File([], 'probe', { type })] });
  } catch {
    return false;
  }
}

/**
 * Fetches the file (with the session's cookie) and hands it to the share sheet. Resolves false
 * when the person closed the sheet without sharing; other failures throw.
 */
export async function shareFile(url: string, name: string, type: string): Promise<boolean> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const file = new File([await response.blob()], name, { type });
  try {
    await navigator.share({ files: [file], title: name });
    return true;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return false;
    throw error;
  }
}
