import { buildPath, FAMILY_LIMITS, routes, type PortraitChoices } from '@kinfolio/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { thumbnailUrl } from '../files/index.js';
import type { Executor } from './life.js';

/** The faces table as far as portraits read it (its module keeps the full type to itself). */
type WithFaces = Database & {
  faces: {
    id: number;
    file_id: number;
    participant_id: number | null;
    box_width: number;
    box_height: number;
  };
};

/**
 * `GET /api/participants/{id}/portraits`: the faces named as them and the pictures they are in,
 * each on a live image of an item (what `PATCH …/{id}`'s portrait check accepts). Two queries;
 * undefined when the participant does not exist.
 */
export async function portraitChoices(
  db: Executor,
  id: number,
): Promise<PortraitChoices | undefined> {
  const exists = await db
    .selectFrom('participants')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!exists) return undefined;
  const faces = await (db as unknown as Kysely<WithFaces>)
    .selectFrom('faces as f')
    .innerJoin('files as fl', 'fl.id', 'f.file_id')
    .select(['f.id', 'f.file_id', 'fl.item_id'])
    .where('f.participant_id', '=', id)
    .where('fl.deleted_at', 'is', null)
    .where('fl.item_id', 'is not', null)
    .where('fl.mime', 'like', 'image/%')
    // The largest face is the clearest crop.
    .orderBy(sql`f.box_width * f.box_height`, 'desc')
    .orderBy('f.id')
    .limit(FAMILY_LIMITS.portraitChoicesMax)
    .execute();
  const pictures = await (db as unknown as Kysely<WithFaces>)
    .selectFrom('files as fl')
    .innerJoin('items as i', 'i.id', 'fl.item_id')
    .select(['fl.id as file_id', 'fl.item_id', 'i.title'])
    .where('fl.deleted_at', 'is', null)
    .where('i.deleted_at', 'is', null)
    .where('fl.mime', 'like', 'image/%')
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('item_participants as ip')
            .select('ip.item_id')
            .whereRef('ip.item_id', '=', 'fl.item_id')
            .where('ip.participant_id', '=', id),
        ),
        eb.exists(
          eb
            .selectFrom('faces as g')
            .select('g.id')
            .whereRef('g.file_id', '=', 'fl.id')
            .where('g.participant_id', '=', id),
        ),
      ]),
    )
    .orderBy('i.date', 'desc')
    .orderBy('fl.id', 'desc')
    .limit(FAMILY_LIMITS.portraitChoicesMax)
    .execute();
  return {
    faces: faces.map((face) => ({
      id: face.id,
      file_id: face.file_id,
      item_id: face.item_id!,
      crop_url: buildPath(routes.faceCrop.path, { id: face.id }),
    })),
    pictures: pictures.map((picture) => ({
      file_id: picture.file_id,
      item_id: picture.item_id!,
      title: picture.title,
      thumbnail_url: thumbnailUrl(picture.file_id),
    })),
  };
}
