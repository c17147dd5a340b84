import { stampedTransaction } from '../../db/stamps.js';
import {
  displayName,
  type Tag,
  type TagCreateBody,
  type TagUpdateBody,
  type UiLanguage,
} from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { applyName, nameOf, NO_NAME } from '../../i18n/translated-name.js';
import { tagsRepository, type TagWithCount } from './repository.js';

export function presentTag(row: TagWithCount): Tag {
  return { id: row.id, name: nameOf(row), count: row.count };
}

/** Every tag, sorted by the name shown in the request's language. */
export async function listTags(ctx: AppContext, language: UiLanguage): Promise<Tag[]> {
  const tags = (await tagsRepository(ctx.db).listWithCounts()).map(presentTag);
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  return tags.sort(
    (a, b) =>
      collator.compare(displayName(a.name, language), displayName(b.name, language)) || a.id - b.id,
  );
}

export async function createTag(
  ctx: AppContext,
  body: TagCreateBody,
  language: UiLanguage,
): Promise<Tag> {
  const name = applyName(NO_NAME, body.name, language);
  const repo = tagsRepository(ctx.db);
  const now = ctx.now().toISOString();
  const row = await repo.insert({ ...name, created_at: now, updated_at: now });
  return presentTag({ ...row, count: 0 });
}

/** Renames per language (absent languages unchanged); undefined when the tag does not exist. */
export async function updateTag(
  ctx: AppContext,
  id: number,
  body: TagUpdateBody,
  language: UiLanguage,
): Promise<Tag | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = tagsRepository(trx);
    const current = await repo.find(id);
    if (!current) return undefined;
    const name = applyName(current, body.name, language);
    await repo.update(id, { ...name, updated_at: ctx.now().toISOString() });
    return presentTag((await repo.findWithCount(id))!);
  });
}

export async function deleteTag(ctx: AppContext, id: number): Promise<boolean> {
  return stampedTransaction(ctx.db, 'archive', (trx) => tagsRepository(trx).delete(id));
}
