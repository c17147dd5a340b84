import {
  routePath,
  UI_LANGUAGES,
  type ItemType,
  type PublicEntry,
  type PublicFile,
  type PublicItem,
  type PublicRecord,
  type PublicShareInfo,
  type UiLanguage,
} from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import type { TranslatedNameColumns } from '../../db/schema.js';
import { filesRepository, type FileRow } from '../files/index.js';
import { linksRepository, sanitizeContent } from '../items/index.js';
import { recordMp3State } from '../records/index.js';
import { innerRefsOf, rewriteContent, type Reachable } from './content.js';
import { publicRepository, type PublicRepository } from './public.repository.js';
import { targetIdOf, type ShareRow } from './repository.js';
import type { ItemRow, RecordRow, ScopeEntry, ShareScope } from './scope.repository.js';

const PLAYABLE = /^(audio|video)\//;

/** A translated name in `language`, else in the first language that has one. */
export function nameIn(row: TranslatedNameColumns, language: UiLanguage): string | null {
  const column = (lang: UiLanguage) => row[`name_${lang}`];
  return column(language) || UI_LANGUAGES.map(column).find(Boolean) || null;
}

/**
 * The title or name of what a link shares, in `language`; a person's name only with `names`.
 * Null for a selection, or once the target is gone.
 */
export async function titleOf(
  repo: PublicRepository,
  share: ShareRow,
  language: UiLanguage,
  names: boolean,
): Promise<string | null> {
  const id = targetIdOf(share);
  if (id === null) return null;
  switch (share.target_type) {
    case 'categories': {
      const row = await repo.category(id);
      return row ? nameIn(row, language) : null;
    }
    case 'tags': {
      const row = await repo.tag(id);
      return row ? nameIn(row, language) : null;
    }
    case 'participants':
      return names ? ((await repo.participant(id))?.name ?? null) : null;
    case 'records':
      return (await repo.record(id))?.title ?? null;
    default:
      return (await repo.item(id))?.title ?? null;
  }
}

/**
 * What the public page receives, built from rows the share's scope let through: no e-mail, no
 * rights, no ids but those of the shared entries and files (the page opens them by id), people's
 * names only when the link shows them, and every address through the link's token.
 */
export function publicPresenter(
  ctx: AppContext,
  scope: ShareScope,
  token: string,
  language: UiLanguage,
) {
  const { share } = scope;
  const repo = publicRepository(ctx.db);
  const files = filesRepository(ctx.db);
  const allowDownload = share.allow_download === 1;
  const showNames = share.show_names === 1;
  const fileAddress = (id: number) =>
    routePath('publicShareFile', { params: { token, fileId: id } });

  function file(row: FileRow): PublicFile {
    const address = fileAddress(row.id);
    return {
      id: row.id,
      name: row.name,
      mime: row.mime,
      size: Number(row.size),
      width: row.width,
      height: row.height,
      duration: null,
      url: allowDownload || PLAYABLE.test(row.mime) ? address : null,
      thumbnail_url: row.thumb_key ? `${address}?thumb=1` : null,
      // A picture the thumbnail job could read can have its large preview.
      preview_url: row.thumb_key && row.mime.startsWith('image/') ? `${address}?preview=1` : null,
      download_url: allowDownload ? `${address}?download=1` : null,
    };
  }

  /** What the links and pictures of some content may point to through the link. */
  async function reachableFrom(contents: string[]): Promise<Reachable> {
    const refs = contents.flatMap((html) => innerRefsOf(html, ctx.config.appUrl));
    const ids = (kind: 'item' | 'record' | 'file') => [
      ...new Set(refs.flatMap((ref) => (ref.kind === kind ? [ref.id] : []))),
    ];
    const [items, records, fileRows] = await Promise.all([
      scope.itemsAmong(ids('item')),
      scope.recordsAmong(ids('record')),
      Promise.all(ids('file').map((id) => scope.file(id))),
    ]);
    const itemTypes = new Map(
      (await repo.itemRows([...items])).map((row) => [row.id, row.type] as const),
    );
    const fileAddresses = new Map<number, string>();
    for (const row of fileRows) {
      if (!row) continue;
      const shown = file(row);
      const address = shown.thumbnail_url ?? shown.url;
      if (address) fileAddresses.set(row.id, address);
    }
    return { items, records, files: fileAddresses, itemTypes, token };
  }

  return {
    file,

    async item(row: ItemRow): Promise<PublicItem> {
      const others = share.include_translations ? await repo.versions(row) : [];
      const versions = [row, ...others];
      const contents = versions.map((version) => sanitizeContent(version.content));
      const [reachable, attached, people, tags] = await Promise.all([
        reachableFrom(contents),
        Promise.all(versions.map((version) => files.ofItem(version.id))),
        showNames ? linksRepository(ctx.db).participants([row.id]) : Promise.resolve([]),
        linksRepository(ctx.db).tags([row.id]),
      ]);
      const shown = versions.map((version, index) => ({
        id: version.id,
        language: version.language,
        title: version.title,
        content: rewriteContent(contents[index]!, ctx.config.appUrl, reachable),
        date: version.date ?? version.created_at,
        files: attached[index]!.map(file),
      }));
      const names = (role: string) => people.filter((p) => p.role === role).map((p) => p.name);
      return {
        ...shown[0]!,
        type: row.type as ItemType,
        original_language: row.original_language ?? row.language,
        from: names('from'),
        to: names('to'),
        tags: tags.map((tag) => nameIn(tag, language)).filter((name) => name !== null),
        translations: shown.slice(1),
      };
    },

    async record(row: RecordRow): Promise<PublicRecord> {
      const [people, parts, mp3] = await Promise.all([
        showNames ? repo.recordPeople(row.id) : Promise.resolve([]),
        files.ofRecord(row.id),
        recordMp3State(ctx, row.id),
      ]);
      return {
        id: row.id,
        title: row.title,
        date: row.registration_date,
        location: row.location,
        language: row.lang,
        summary: row.summary,
        owner: showNames ? row.owner : null,
        people: people.map((person) => person.name),
        transcript: row.rawtranscription,
        parts: parts.map((part) => ({ ...file(part), position: part.position ?? 0 })),
        mp3_url:
          mp3.kind === 'ready'
            ? routePath('publicShareRecordMp3', { params: { token, id: row.id } })
            : null,
        duration: null,
      };
    },

    /** List rows in the order given: items with their first picture, records with their parts. */
    async entries(rows: ScopeEntry[]): Promise<PublicEntry[]> {
      const ids = (kind: ScopeEntry['kind']) =>
        rows.filter((row) => row.kind === kind).map((row) => row.id);
      const [items, summaries, records, counts] = await Promise.all([
        repo.itemRows(ids('item')),
        files.itemSummaries(ids('item')),
        repo.recordRows(ids('record')),
        repo.recordFileCounts(ids('record')),
      ]);
      const itemsById = new Map(items.map((row) => [row.id, row]));
      const recordsById = new Map(records.map((row) => [row.id, row]));
      return rows.flatMap((entry): PublicEntry[] => {
        if (entry.kind === 'item') {
          const row = itemsById.get(entry.id);
          if (!row) return [];
          const summary = summaries.get(row.id);
          const picture = summary?.pictureId ?? null;
          return [
            {
              type: row.type as ItemType,
              id: row.id,
              title: row.title,
              date: row.date ?? row.created_at,
              language: row.language,
              preview: row.preview,
              thumbnail_url: picture === null ? null : `${fileAddress(picture)}?thumb=1`,
              files_count: summary?.count ?? 0,
            },
          ];
        }
        const row = recordsById.get(entry.id);
        if (!row) return [];
        return [
          {
            type: 'record',
            id: row.id,
            title: row.title,
            date: row.registration_date,
            language: row.lang,
            preview: row.preview,
            thumbnail_url: null,
            files_count: counts.get(row.id) ?? 0,
          },
        ];
      });
    },

    /** What the page says around the content. */
    async info(): Promise<PublicShareInfo> {
      const sharer = await repo.sharer(share.created_by);
      return {
        target_type: share.target_type,
        title: share.label ?? (await titleOf(repo, share, language, showNames)),
        shared_by: sharer?.name ?? share.created_by_name,
        expires_at: share.expires_at,
        show_names: showNames,
        allow_download: allowDownload,
        include_translations: share.include_translations === 1,
        site: {
          name: null,
          picture_url: sharer?.site_picture
            ? routePath('publicSharePicture', { params: { token } })
            : null,
        },
      };
    },
  };
}
export type PublicPresenter = ReturnType<typeof publicPresenter>;
