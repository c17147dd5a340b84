import type {
  Face,
  FaceCreateBody,
  FaceGroup,
  FacePatchBody,
  FaceStatus,
} from '@kinfolio/contract';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import { stampedTransaction } from '../../db/stamps.js';
import { fieldError, HttpError, notFound } from '../../http/errors.js';
import { readFileBytes } from '../files/index.js';
import { describeCrop, MODEL_VERSION } from './detector.js';
import { cropKeyOf } from './crop.js';
import { syncFaceLinks } from './links.js';
import { bumpFacesRevision, faceIndex } from './nearest.js';
import {
  confirmedSuggestion,
  dropEmptyGroups,
  groupFor,
  nameFaces,
  placeFace,
  refreshSuggestions,
  spreadName,
} from './recognition.js';
import { presentFace } from './present.js';
import {
  descriptorBytes,
  faceListQuery,
  facesDb,
  facesTrx,
  type FacesExecutor,
} from './repository.js';
import { facesEnabled } from './settings.js';

/** A live image of an item, which faces belong to; undefined for any other file. */
async function pictureOf(db: FacesExecutor, fileId: number) {
  return db
    .selectFrom('files')
    .leftJoin('face_scans as s', 's.file_id', 'files.id')
    .select(['files.id', 'files.item_id', 'files.storage_key', 's.file_id as scanned'])
    .where('files.id', '=', fileId)
    .where('files.item_id', 'is not', null)
    .where('files.deleted_at', 'is', null)
    .where('files.mime', 'like', 'image/%')
    .executeTakeFirst();
}

async function facesOf(db: FacesExecutor, where: { fileId?: number; ids?: number[] }) {
  return faceListQuery(db)
    .$if(where.fileId !== undefined, (q) => q.where('f.file_id', '=', where.fileId!))
    .$if(where.ids !== undefined, (q) => q.where('f.id', 'in', where.ids!))
    .orderBy('f.box_x')
    .orderBy('f.id')
    .execute();
}

async function oneFace(db: FacesExecutor, id: number): Promise<Face> {
  const [row] = await facesOf(db, { ids: [id] });
  if (!row) throw notFound();
  return presentFace(row);
}

/** The faces of a picture, and whether the detector has read it. */
export async function fileFaces(
  ctx: AppContext,
  fileId: number,
): Promise<{ status: FaceStatus; data: Face[] }> {
  const db = facesDb(ctx.db);
  const picture = await pictureOf(db, fileId);
  if (!picture) throw notFound();
  const rows = await facesOf(db, { fileId });
  const status: FaceStatus = !(await facesEnabled(ctx))
    ? 'off'
    : picture.scanned !== null
      ? 'done'
      : 'pending';
  return { status, data: rows.map(presentFace) };
}

async function assertParticipant(db: FacesExecutor, field: string, id: number) {
  const row = await db
    .selectFrom('participants')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw fieldError(field, 'faces.participant_missing');
}

/** Names, unnames, or says who a face is not. */
export async function updateFace(
  ctx: AppContext,
  faceId: number,
  body: FacePatchBody,
  userId: number,
): Promise<Face> {
  const db = facesDb(ctx.db);
  const face = await db
    .selectFrom('faces')
    .select(['id', 'participant_id', 'suggested_id'])
    .where('id', '=', faceId)
    .executeTakeFirst();
  if (!face) throw notFound();
  if (body.participant_id) await assertParticipant(db, 'participant_id', body.participant_id);
  if (body.rejected_participant_id) {
    await assertParticipant(db, 'rejected_participant_id', body.rejected_participant_id);
  }
  const now = ctx.now().toISOString();
  const rejected = body.rejected_participant_id;
  // Naming wins over a rejection of the same person in one request.
  const rejectsName = rejected !== undefined && rejected === face.participant_id;
  const target =
    body.participant_id !== undefined ? body.participant_id : rejectsName ? null : undefined;
  await stampedTransaction(ctx.db, 'archive', async (t) => {
    const trx = facesTrx(t);
    if (rejected !== undefined && rejected !== body.participant_id) {
      await trx
        .insertInto('face_rejections')
        .values({ face_id: faceId, participant_id: rejected })
        .onConflict((oc) => oc.columns(['face_id', 'participant_id']).doNothing())
        .execute();
    }
    if (target !== undefined && target !== face.participant_id) {
      await nameFaces(trx, [faceId], target, userId, now);
    } else if (rejected !== undefined && face.suggested_id === rejected) {
      const revision = await bumpFacesRevision(trx);
      await trx
        .updateTable('faces')
        .set({ suggested_id: null, suggested_distance: null, revision })
        .where('id', '=', faceId)
        .execute();
    }
  });
  if (target) {
    await spreadName(ctx, faceId);
  } else if (target === null || rejected !== undefined) {
    await refreshSuggestions(ctx, [faceId]);
  }
  if (target === null && face.participant_id) {
    // This face may have been the reference of others' suggestions.
    const suggested = await db
      .selectFrom('faces')
      .select('id')
      .where('suggested_id', '=', face.participant_id)
      .execute();
    await refreshSuggestions(
      ctx,
      suggested.map((row) => row.id),
    );
  }
  return oneFace(db, faceId);
}

/** "Not a face": removes it (and its crop); its picture's item loses the name if it was the last. */
export async function deleteFace(ctx: AppContext, faceId: number): Promise<void> {
  await stampedTransaction(ctx.db, 'archive', async (t) => {
    const trx = facesTrx(t);
    const face = await trx
      .selectFrom('faces as f')
      .innerJoin('files as fl', 'fl.id', 'f.file_id')
      .select(['f.id', 'f.participant_id', 'f.group_id', 'fl.item_id'])
      .where('f.id', '=', faceId)
      .executeTakeFirst();
    if (!face) throw notFound();
    await bumpFacesRevision(trx);
    await trx.deleteFrom('faces').where('id', '=', faceId).execute();
    await syncFaceLinks(trx, face.item_id, [face.participant_id]);
    await dropEmptyGroups(trx, [face.group_id]);
  });
  (await faceIndex(ctx.db)).remove(faceId);
  await ctx.storage.faces.delete(cropKeyOf(faceId));
}

/**
 * A face drawn by hand: its box as given, a descriptor computed on the box (so that it is
 * suggested and grouped like the others), named at once when a participant is given.
 */
export async function addFace(
  ctx: AppContext,
  fileId: number,
  body: FaceCreateBody,
  userId: number,
): Promise<Face> {
  if (!(await facesEnabled(ctx))) throw new HttpError(409, 'faces.off');
  const db = facesDb(ctx.db);
  const picture = await pictureOf(db, fileId);
  if (!picture) throw notFound();
  if (body.participant_id) await assertParticipant(db, 'participant_id', body.participant_id);
  const descriptor = await describeBox(await readFileBytes(ctx, picture.storage_key), body.box);
  const index = descriptor ? await faceIndex(ctx.db) : undefined;
  const plan = index && descriptor ? placeFace(index, descriptor) : undefined;
  const now = ctx.now().toISOString();
  const id = await stampedTransaction(ctx.db, 'archive', async (t) => {
    const trx = facesTrx(t);
    const revision = await bumpFacesRevision(trx);
    const suggestion = await confirmedSuggestion(trx, plan?.suggestion);
    const created = await trx
      .insertInto('faces')
      .values({
        file_id: fileId,
        box_x: body.box.x,
        box_y: body.box.y,
        box_width: body.box.width,
        box_height: body.box.height,
        landmarks: null,
        descriptor: descriptor ? descriptorBytes(descriptor) : null,
        score: null,
        model_version: MODEL_VERSION,
        origin: 'manual',
        participant_id: null,
        suggested_id: suggestion?.participantId ?? null,
        suggested_distance: suggestion?.distance ?? null,
        group_id: await groupFor(trx, plan?.group, now),
        created_at: now,
        revision,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (body.participant_id) {
      await nameFaces(trx, [created.id], body.participant_id, userId, now);
    }
    return created.id;
  });
  if (body.participant_id) await spreadName(ctx, id);
  return oneFace(db, id);
}

/** The descriptor of a hand-drawn box: the box, made square with a margin, at 150 px. */
async function describeBox(
  bytes: Buffer,
  box: { x: number; y: number; width: number; height: number },
): Promise<Float32Array | undefined> {
  try {
    const rotated = await sharp(bytes).rotate().toBuffer({ resolveWithObject: true });
    const { width, height } = rotated.info;
    const left = Math.floor(box.x * width);
    const top = Math.floor(box.y * height);
    const w = Math.max(1, Math.min(width - left, Math.round(box.width * width)));
    const h = Math.max(1, Math.min(height - top, Math.round(box.height * height)));
    const { data, info } = await sharp(rotated.data)
      .extract({ left, top, width: w, height: h })
      .resize(150, 150, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return await describeCrop({ data, width: info.width, height: info.height });
  } catch {
    return undefined;
  }
}

/** Groups of unnamed faces, largest first (then oldest), with their first faces. */
export async function unknownGroups(
  ctx: AppContext,
  offset: number,
  limit: number,
  facesPerGroup: number,
): Promise<{ rows: FaceGroup[]; total: number }> {
  const db = facesDb(ctx.db);
  const live = (q: FacesExecutor) =>
    q
      .selectFrom('faces as f')
      .innerJoin('files as fl', 'fl.id', 'f.file_id')
      .where('f.participant_id', 'is', null)
      .where('f.group_id', 'is not', null)
      .where('fl.item_id', 'is not', null)
      .where('fl.deleted_at', 'is', null);
  const totalRow = await live(db)
    .select((eb) => eb.fn.count<number | string>('f.group_id').distinct().as('n'))
    .executeTakeFirstOrThrow();
  const groups = await live(db)
    .select((eb) => ['f.group_id', eb.fn.countAll<number | string>().as('size')])
    .groupBy('f.group_id')
    .orderBy('size', 'desc')
    .orderBy('f.group_id')
    .limit(limit)
    .offset(offset)
    .execute();
  const rows: FaceGroup[] = [];
  for (const group of groups) {
    const faces = await faceListQuery(db)
      .where('f.group_id', '=', group.group_id)
      .where('f.participant_id', 'is', null)
      .where('fl.item_id', 'is not', null)
      .where('fl.deleted_at', 'is', null)
      .orderBy('f.id')
      .limit(facesPerGroup)
      .execute();
    const presented = faces.map(presentFace);
    rows.push({
      id: group.group_id!,
      size: Number(group.size),
      suggestion: commonSuggestion(presented),
      faces: presented,
    });
  }
  return { rows, total: Number(totalRow.n) };
}

/** The person most of a group's faces are suggested as, with the closest distance. */
function commonSuggestion(faces: Face[]): FaceGroup['suggestion'] {
  const votes = new Map<number, { id: number; name: string; distance: number; n: number }>();
  for (const face of faces) {
    if (!face.suggestion) continue;
    const vote = votes.get(face.suggestion.id) ?? { ...face.suggestion, n: 0 };
    vote.n += 1;
    vote.distance = Math.min(vote.distance, face.suggestion.distance);
    votes.set(face.suggestion.id, vote);
  }
  const best = [...votes.values()].sort((a, b) => b.n - a.n || a.distance - b.distance)[0];
  return best && best.n * 2 > faces.length
    ? { id: best.id, name: best.name, distance: best.distance }
    : null;
}

async function assertGroup(db: ReturnType<typeof facesDb>, groupId: number): Promise<void> {
  const group = await db
    .selectFrom('face_groups')
    .select('id')
    .where('id', '=', groupId)
    .executeTakeFirst();
  if (!group) throw notFound();
}

async function unnamedOfGroup(trx: ReturnType<typeof facesTrx>, groupId: number) {
  const rows = await trx
    .selectFrom('faces')
    .select('id')
    .where('group_id', '=', groupId)
    .where('participant_id', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** Names every unnamed face of a group (but those in `except`); how many. */
export async function nameGroup(
  ctx: AppContext,
  groupId: number,
  participantId: number,
  except: number[],
  userId: number,
): Promise<number> {
  const db = facesDb(ctx.db);
  await assertGroup(db, groupId);
  await assertParticipant(db, 'participant_id', participantId);
  const now = ctx.now().toISOString();
  const ids = await stampedTransaction(ctx.db, 'archive', async (t) => {
    const trx = facesTrx(t);
    const skip = new Set(except);
    const chosen = (await unnamedOfGroup(trx, groupId)).filter((id) => !skip.has(id));
    await nameFaces(trx, chosen, participantId, userId, now);
    return chosen;
  });
  for (const id of ids.slice(0, 20)) await spreadName(ctx, id);
  return ids.length;
}

/**
 * "Not them" for a whole group: each of its unnamed faces remembers it is not that person and
 * loses that suggestion; how many faces. Their suggestions are then looked for again.
 */
export async function rejectGroup(
  ctx: AppContext,
  groupId: number,
  participantId: number,
): Promise<number> {
  const db = facesDb(ctx.db);
  await assertGroup(db, groupId);
  await assertParticipant(db, 'rejected_participant_id', participantId);
  const ids = await stampedTransaction(ctx.db, 'archive', async (t) => {
    const trx = facesTrx(t);
    const chosen = await unnamedOfGroup(trx, groupId);
    if (!chosen.length) return chosen;
    for (let at = 0; at < chosen.length; at += 500) {
      await trx
        .insertInto('face_rejections')
        .values(
          chosen.slice(at, at + 500).map((id) => ({ face_id: id, participant_id: participantId })),
        )
        .onConflict((oc) => oc.columns(['face_id', 'participant_id']).doNothing())
        .execute();
    }
    const revision = await bumpFacesRevision(trx);
    await trx
      .updateTable('faces')
      .set({ suggested_id: null, suggested_distance: null, revision })
      .where('group_id', '=', groupId)
      .where('participant_id', 'is', null)
      .where('suggested_id', '=', participantId)
      .execute();
    return chosen;
  });
  await refreshSuggestions(ctx, ids);
  return ids.length;
}
