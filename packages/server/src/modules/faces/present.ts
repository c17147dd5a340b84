import { buildPath, routes, type Face } from '@kinfolio/contract';
import type { FaceListRow } from './repository.js';

const round = (value: number) => Math.round(value * 10_000) / 10_000;

export function presentFace(row: FaceListRow): Face {
  return {
    id: row.id,
    file_id: row.file_id,
    box: {
      x: round(row.box_x),
      y: round(row.box_y),
      width: round(row.box_width),
      height: round(row.box_height),
    },
    participant:
      row.participant_id !== null && row.participant_name !== null
        ? { id: row.participant_id, name: row.participant_name }
        : null,
    suggestion:
      row.participant_id === null && row.suggested_id !== null && row.suggested_name !== null
        ? {
            id: row.suggested_id,
            name: row.suggested_name,
            distance: round(row.suggested_distance ?? 0),
          }
        : null,
    origin: row.origin,
    crop_url: buildPath(routes.faceCrop.path, { id: row.id }),
  };
}
