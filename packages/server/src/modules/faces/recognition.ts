import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { stampedTransaction } from '../../db/stamps.js';
import { syncFaceLinks } from './links.js';
import { bumpFacesRevision, faceIndex, type FaceIndex, type Neighbour } from './nearest.js';
import { facesDb, facesTrx, type FacesExecutor } from './repository.js';
import { FACE_THRESHOLDS } from './settings.js';

/** Where a new or unnamed face goes: who it looks like, and which group of unknown faces. */
export interface Placement {
  suggestion: Neighbour | undefined;
  group: Neighbour | undefined;
}

/** The nearest named face not among `rejected`, and the nearest unnamed face with a group. */
export function placeFace(
  index: FaceIndex,
  descriptor: Float32Array,
  options: { rejected?: Set<number>; skip?: Set<number> } = {},
): Placement {
  const { named, unnamed } = index.nearestBoth(descriptor, {
    namedLimit: FACE_THRESHOLDS.suggest,
    unnamedLimit: FACE_THRESHOLDS.group,
    excluded: options.rejected,
    skip: options.skip,
  });
  return { suggestion: named, group: unnamed };
}

/** The suggestion if its face is still named so in the table (the index may be behind). */
export async function confirmedSuggestion(
  trx: FacesExecutor,
  suggestion: Neighbour | undefined,
): Promise<Neighbour | undefined> {
  if (!suggestion) return undefined;
  const row = await trx
    .selectFrom('faces')
    .select('participant_id')
    .where('id', '=', suggestion.id)
    .executeTakeFirst();
  return row?.participant_id === suggestion.participantId ? suggestion : undefined;
}

/** The group of the nearest unknown face if it still exists, else a new group. */
export async function groupFor(
  trx: FacesExecutor,
  near: Neighbour | undefined,
  now: string,
): Promise<number> {
  if (near && near.groupId > 0) {
    const row = await trx
      .selectFrom('face_groups')
      .select('id')
      .where('id', '=', near.groupId)
      .executeTakeFirst();
    if (row) return row.id;
  }
  const created = await trx
    .insertInto('face_groups')
    .values({ created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

/** Removes groups left without faces. */
export async function dropEmptyGroups(trx: FacesExecutor, groupIds: (number | null)[]) {
  const ids = [...new Set(groupIds.filter((id): id is number => id !== null))];
  if (!ids.length) return;
  await trx
    .deleteFrom('face_groups')
    .where('id', 'in', ids)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('faces')
            .select('faces.id')
            .whereRef('faces.group_id', '=', 'face_groups.id'),
        ),
      ),
    )
    .execute();
}

const rejectionsOf = async (db: FacesExecutor, faceId: number) =>
  new Set(
    (
      await db
        .selectFrom('face_rejections')
        .select('participant_id')
        .where('face_id', '=', faceId)
        .execute()
    ).map((row) => row.participant_id),
  );

/**
 * Suggests again for unnamed faces (the nearest named face of someone they were not said not to
 * be), and puts those without a group in one: after a name was removed or rejected, or people
 * were merged.
 */
export async function refreshSuggestions(ctx: AppContext, faceIds: number[]): Promise<void> {
  if (!faceIds.length) return;
  const index = await faceIndex(ctx.db);
  const db = facesDb(ctx.db);
  const changes: { id: number; placement: Placement }[] = [];
  for (const id of faceIds) {
    const descriptor = index.descriptor(id);
    if (!descriptor) continue;
    const rejected = await rejectionsOf(db, id);
    changes.push({
      id,
      placement: placeFace(index, descriptor, { rejected, skip: new Set([id]) }),
    });
  }
  if (!changes.length) return;
  const now = ctx.now().toISOString();
  await stampedTransaction(ctx.db, 'archive', async (t) => {
    const trx = facesTrx(t);
    const revision = await bumpFacesRevision(trx);
    for (const { id, placement } of changes) {
      const row = await trx
        .selectFrom('faces')
        .select(['participant_id', 'group_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || row.participant_id !== null) continue;
      const confirmed = await confirmedSuggestion(trx, placement.suggestion);
      await trx
        .updateTable('faces')
        .set({
          suggested_id: confirmed?.participantId ?? null,
          suggested_distance: confirmed?.distance ?? null,
          group_id: row.group_id ?? (await groupFor(trx, placement.group, now)),
          revision,
        })
        .where('id', '=', id)
        .execute();
    }
  });
}

/**
 * A face was just named: unnamed faces near it that have no closer suggestion, and never said
 * not to be this person, are now suggested as them.
 */
export async function spreadName(ctx: AppContext, faceId: number): Promise<void> {
  const index = await faceIndex(ctx.db);
  const descriptor = index.descriptor(faceId);
  const db = facesDb(ctx.db);
  const named = await db
    .selectFrom('faces')
    .select('participant_id')
    .where('id', '=', faceId)
    .executeTakeFirst();
  const participantId = named?.participant_id;
  if (!descriptor || !participantId) return;
  const near = index.unnamedWithin(descriptor, FACE_THRESHOLDS.suggest);
  if (!near.length) return;
  await stampedTransaction(ctx.db, 'archive', async (t) => {
    const trx = facesTrx(t);
    const revision = await bumpFacesRevision(trx);
    for (const chunk of chunks(near, 500)) {
      const rows = await trx
        .selectFrom('faces')
        .select(['id', 'suggested_distance'])
        .where(
          'id',
          'in',
          chunk.map((n) => n.id),
        )
        .where('participant_id', 'is', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('face_rejections as r')
                .select('r.face_id')
                .whereRef('r.face_id', '=', 'faces.id')
                .where('r.participant_id', '=', participantId),
            ),
          ),
        )
        .execute();
      const distance = new Map(chunk.map((n) => [n.id, n.distance]));
      for (const row of rows) {
        const d = distance.get(row.id)!;
        if (row.suggested_distance !== null && row.suggested_distance <= d) continue;
        await trx
          .updateTable('faces')
          .set({ suggested_id: participantId, suggested_distance: d, revision })
          .where('id', '=', row.id)
          .execute();
      }
    }
  });
}

function chunks<T>(values: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/** Names faces (one transaction): their groups lose them, their pictures' items get the link. */
export async function nameFaces(
  trx: FacesExecutor,
  faceIds: number[],
  participantId: number | null,
  by: number | null,
  now: string,
): Promise<void> {
  if (!faceIds.length) return;
  const revision = await bumpFacesRevision(trx);
  for (const chunk of chunks(faceIds, 500)) {
    const before = await trx
      .selectFrom('faces as f')
      .innerJoin('files as fl', 'fl.id', 'f.file_id')
      .select(['f.id', 'f.participant_id', 'f.group_id', 'fl.item_id'])
      .where('f.id', 'in', chunk)
      .execute();
    await trx
      .updateTable('faces')
      .set(
        participantId === null
          ? { participant_id: null, named_by: null, named_at: null, revision }
          : {
              participant_id: participantId,
              named_by: by,
              named_at: now,
              suggested_id: null,
              suggested_distance: null,
              group_id: null,
              revision,
            },
      )
      .where('id', 'in', chunk)
      .execute();
    if (participantId !== null) {
      // Named after all: "not this person" no longer holds for them.
      await trx
        .deleteFrom('face_rejections')
        .where('face_id', 'in', chunk)
        .where('participant_id', '=', participantId)
        .execute();
    }
    const items = new Map<number | null, (number | null)[]>();
    for (const row of before) {
      const people = items.get(row.item_id) ?? [];
      people.push(row.participant_id, participantId);
      items.set(row.item_id, people);
    }
    for (const [itemId, people] of items) await syncFaceLinks(trx, itemId, people);
    await dropEmptyGroups(
      trx,
      before.map((row) => row.group_id),
    );
  }
}

/**
 * What detection works out for each face it finds (the benchmark measures it): the index in step
 * with the table, the nearest named face and the nearest unknown one, the suggestion checked.
 */
export async function placementFor(
  db: Kysely<Database>,
  descriptor: Float32Array,
): Promise<Placement> {
  const index = await faceIndex(db);
  const placement = placeFace(index, descriptor);
  return {
    suggestion: await confirmedSuggestion(facesDb(db), placement.suggestion),
    group: placement.group,
  };
}
