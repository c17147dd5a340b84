import { stampedTransaction } from '../../db/stamps.js';
import type {
  Category,
  CategoryCreateBody,
  CategoryUpdateBody,
  UiLanguage,
} from '@kinfolio/contract';
import type { AppContext } from '../../context.js';
import { fieldError } from '../../http/errors.js';
import { applyName, nameOf, NO_NAME } from '../../i18n/translated-name.js';
import {
  categoriesRepository,
  type CategoriesRepository,
  type CategoryChanges,
  type CategoryWithCount,
  type Sibling,
} from './repository.js';

export function presentCategory(row: CategoryWithCount): Category {
  return {
    id: row.id,
    name: nameOf(row),
    parent_id: row.parent_id,
    order: row.position,
    count: Number(row.count),
  };
}

/**
 * Places `id` at index `at` among `siblings` (which do not contain it) and returns the rows whose
 * position must change so the orders read 0..n-1 again; `id` itself is always included.
 */
function placeAt(siblings: Sibling[], id: number, at: number): Sibling[] {
  const ordered = siblings.map((sibling) => sibling.id);
  ordered.splice(Math.min(Math.max(at, 0), ordered.length), 0, id);
  const known = new Map(siblings.map((sibling) => [sibling.id, sibling.position]));
  return ordered
    .map((siblingId, position) => ({ id: siblingId, position }))
    .filter((row) => row.id === id || known.get(row.id) !== row.position);
}

/** Renumbers the remaining children of a parent 0..n-1, after one of them left. */
async function closeGap(repo: CategoriesRepository, parentId: number | null, leavingId: number) {
  const rest = await repo.siblings(parentId, leavingId);
  await repo.setPositions(
    rest.flatMap((row, index) => (row.position === index ? [] : [{ id: row.id, position: index }])),
  );
}

async function assertParentExists(repo: CategoriesRepository, parentId: number | null) {
  if (parentId !== null && !(await repo.find(parentId))) {
    throw fieldError('parent_id', 'categories.parent_missing');
  }
}

export async function listCategories(ctx: AppContext): Promise<Category[]> {
  return (await categoriesRepository(ctx.db).listWithCounts()).map(presentCategory);
}

export async function findCategory(ctx: AppContext, id: number): Promise<Category | undefined> {
  const row = await categoriesRepository(ctx.db).findWithCount(id);
  return row && presentCategory(row);
}

/** Creates a category at `order` among its siblings (the others shift), else at the end. */
export async function createCategory(
  ctx: AppContext,
  body: CategoryCreateBody,
  language: UiLanguage,
): Promise<Category> {
  const name = applyName(NO_NAME, body.name, language);
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = categoriesRepository(trx);
    await repo.lockTree(ctx.dialect);
    const parentId = body.parent_id ?? null;
    await assertParentExists(repo, parentId);
    const siblings = await repo.siblings(parentId);
    const at = Math.min(body.order ?? siblings.length, siblings.length);
    const now = ctx.now().toISOString();
    const row = await repo.insert({
      ...name,
      parent_id: parentId,
      position: at,
      created_at: now,
      updated_at: now,
    });
    await repo.setPositions(placeAt(siblings, row.id, at).filter((r) => r.id !== row.id));
    return presentCategory((await repo.findWithCount(row.id))!);
  });
}

/**
 * Renames, moves and reorders in one transaction. A move may not go into the category itself or
 * one of its descendants; sibling orders stay dense in the old and the new parent.
 */
export async function updateCategory(
  ctx: AppContext,
  id: number,
  body: CategoryUpdateBody,
  language: UiLanguage,
): Promise<Category | undefined> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = categoriesRepository(trx);
    await repo.lockTree(ctx.dialect);
    const current = await repo.find(id);
    if (!current) return undefined;
    const changes: CategoryChanges = {};
    if (body.name !== undefined) Object.assign(changes, applyName(current, body.name, language));

    const parentId = body.parent_id === undefined ? current.parent_id : body.parent_id;
    const moving = parentId !== current.parent_id;
    if (moving && parentId !== null) {
      await assertParentExists(repo, parentId);
      if (await repo.inSubtree(id, parentId)) throw fieldError('parent_id', 'categories.cycle');
    }
    if (moving || body.order !== undefined) {
      const siblings = await repo.siblings(parentId, id);
      const at = body.order ?? (moving ? siblings.length : current.position);
      const placed = placeAt(siblings, id, at);
      await repo.setPositions(placed.filter((row) => row.id !== id));
      changes.position = placed.find((row) => row.id === id)!.position;
      if (moving) {
        changes.parent_id = parentId;
        await closeGap(repo, current.parent_id, id);
      }
    }
    if (Object.keys(changes).length > 0) {
      await repo.update(id, { ...changes, updated_at: ctx.now().toISOString() });
    }
    return presentCategory((await repo.findWithCount(id))!);
  });
}

/**
 * Deletes a childless category with its item links (the items stay) and closes the gap in its
 * siblings' order. Returns false when it does not exist.
 */
export async function deleteCategory(ctx: AppContext, id: number): Promise<boolean> {
  return stampedTransaction(ctx.db, 'archive', async (trx) => {
    const repo = categoriesRepository(trx);
    await repo.lockTree(ctx.dialect);
    const current = await repo.find(id);
    if (!current) return false;
    if (await repo.hasChildren(id)) throw fieldError('id', 'categories.has_children');
    await repo.delete(id);
    await closeGap(repo, current.parent_id, id);
    return true;
  });
}
