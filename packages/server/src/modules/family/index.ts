/**
 * The family module's public face: other modules and app.ts import only from here.
 *
 * The service API for the GEDCOM import and export (every write runs inside the caller's
 * transaction: wrap a batch in `stampedTransaction(ctx.db, 'archive', …)` so the checks see each
 * other's rows; a broken rule throws the same localised 422 as the routes, a FieldValidationError):
 * - `saveLife(trx, participantId, life, actor, now)`: a participant's life, fields as
 *   `PATCH /api/participants/{id}` takes them (absent unchanged, null clears), plus `gedcom_extra`
 *   (any JSON-able value kept for the export; null clears). False when the participant is gone.
 *   To create a person with a life, `createPersonWithLife` of the participants module.
 * - `addRelation(trx, {type: 'parent'|'spouse', person1_id, person2_id, kind?, start?, end?,
 *   place?, gedcom_extra?}, actor, now)`: `parent` means person1 is person2's parent; the same
 *   checks as the route (self, duplicate, cycle, two birth parents, dates, kind).
 *   `changeRelation(trx, id, details, actor, now)` and `removeRelation(trx, id, actor, now)`.
 * - `familyForExport(db, ids?)`: everyone with their lives (`LifeValue`, as kept) and
 *   `gedcom_extra` parsed, and every relation; `treeIds(db, id, generations, scope)` gives the ids
 *   of a person's ancestors and/or descendants for `GET /api/gedcom`'s scopes.
 * - `findMatches(db, {name?, surname?, given_names?, birth_year?})`: the people an imported
 *   individual may be (same name, or same surname and given names; a known birth in another year
 *   excludes), at most 20.
 * Dates are the contract's LifeDate (`lifeDateSchema`), places PlaceInput/PlaceValue.
 */
export { actorOf, registerFamilyRoutes, type FamilyRouteDeps } from './routes.js';
export { saveLife, addRelation, changeRelation, removeRelation } from './service.js';
export {
  familyForExport,
  findMatches,
  type ExportedPerson,
  type ExportedRelation,
  type MatchCandidate,
  type MatchQuery,
} from './gedcom-api.js';
export { treeIds } from './family.js';
export { mergeFamily, forgetFamily } from './merge.js';
export { EMPTY_LIFE, LIFE_COLUMNS, lifeValue, presentLives, type LifeValue } from './life.js';
export type { FamilyActor } from './revisions.js';
export type { NewRelation, RelationDetails, RelationValue } from './relations.js';
export type { PersonMaker } from './service.js';
