import { buildPath, routes, type FacePersonCard } from '@kinfolio/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { facesDb } from './repository.js';

/**
 * Everybody with a named face on a live picture: how many pictures show them, and their largest
 * named face (the clearest crop for the People page). Most photographed first, then by name.
 */
export async function facePeople(ctx: AppContext): Promise<FacePersonCard[]> {
  const db = facesDb(ctx.db);
  const rows = await db
    .selectFrom('faces as f')
    .innerJoin('files as fl', 'fl.id', 'f.file_id')
    .innerJoin('participants as p', 'p.id', 'f.participant_id')
    .where('fl.item_id', 'is not', null)
    .where('fl.deleted_at', 'is', null)
    .select((eb) => [
      'p.id',
      'p.name',
      eb.fn.count<number | string>('f.file_id').distinct().as('photos'),
      eb
        .selectFrom('faces as g')
        .innerJoin('files as gl', 'gl.id', 'g.file_id')
        .select('g.id')
        .whereRef('g.participant_id', '=', 'p.id')
        .where('gl.item_id', 'is not', null)
        .where('gl.deleted_at', 'is', null)
        .orderBy(sql`g.box_width * g.box_height`, 'desc')
        .orderBy('g.id')
        .limit(1)
        .as('face_id'),
    ])
    .groupBy(['p.id', 'p.name'])
    .orderBy('photos', 'desc')
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  return rows.flatMap((row) =>
    row.face_id === null
      ? []
      : [
          {
            id: row.id,
            name: row.name,
            photos: Number(row.photos),
            face: {
              id: row.face_id,
              crop_url: buildPath(routes.faceCrop.path, { id: row.face_id }),
            },
          },
        ],
  );
}
