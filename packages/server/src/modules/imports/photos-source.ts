import { photoMetadataOf } from '../files/index.js';
import { MediaWriter } from './media-writer.js';
import { bytesKnown, folderOf, hashStream } from './photos.js';
import type { ImportSource } from './sources.js';
import type { SourceEntry } from './source.js';

/** Pictures and videos, from a folder, a zip, or one file: recognised when it holds any. */
export const photosSource: ImportSource = {
  kind: 'photos',
  recognise: (source) => Promise.resolve(source.entries.some((entry) => entry.mime && !entry.skip)),
  claim: (source) => Promise.resolve(source.entries.filter((entry) => entry.mime && !entry.skip)),
  async analyse(ctx, source, _dir, findings, options) {
    const folders = new Set<string>();
    for (const entry of source.entries) {
      if (entry.skip || !entry.mime) continue;
      const { sha256, head } = await hashStream(await entry.open());
      if (await bytesKnown({ ctx }, sha256)) {
        findings.existing();
        continue;
      }
      findings.add('media');
      const metadata = await photoMetadataOf(entry.mime, head);
      findings.date(
        metadata.taken_on ? new Date(`${metadata.taken_on}T00:00:00Z`) : entry.modified,
      );
      if (options.folder_categories) folders.add(folderOf(entry.path, source.name));
    }
    if (folders.size) findings.add('categories', folders.size);
  },
  async run(run, source, dir, progress) {
    const writer = new MediaWriter(run, dir);
    const usable = (entry: SourceEntry) => (entry.skip || !entry.mime ? undefined : entry);
    await writer.each(source.entries, usable, async (prepared, entry, index) => {
      if (!prepared) run.skip(entry.path, entry.skip ?? 'unsupported');
      else await writer.write(prepared);
      await progress((index + 1) / source.entries.length);
    });
  },
};
