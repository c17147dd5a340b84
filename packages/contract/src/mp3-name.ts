/** A generated MP3's file name: the record's title (or its number), safe for every file system. */
export function mp3Name(title: string, recordId: number): string {
  const base = title
    .replace(/[\\/:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || `record-${recordId}`}.mp3`;
}
