/**
 * The records' screens: `/records`, `/records/{record_id?}/profile`, `…/history` (the history
 * feed links to them too).
 */
export const RECORDS_PATH = '/records';

/** `/records/12/profile`; without an id, the create form (`/records/profile`). */
export function recordProfilePath(id?: number): string {
  return id === undefined ? `${RECORDS_PATH}/profile` : `${RECORDS_PATH}/${id}/profile`;
}

export function recordHistoryPath(id: number): string {
  return `${RECORDS_PATH}/${id}/history`;
}
