import type { RecordEntity, RecordRevisionData } from '@kinfolio/contract';
import { entityDiff, sameIds, sameTime, type DiffSpec } from '@/shared/entity/diff';
import { placeValueOf, samePlace } from '@/shared/places/placeValue';

type Spec = DiffSpec<RecordRevisionData, RecordEntity>;
type Text = 'title' | 'summary' | 'info' | 'rawtranscription';
type Plain = 'number' | 'face' | 'lang' | 'owner' | 'location';

const text = (name: Text): Spec['texts'][number] => ({
  name,
  old: (o) => o[name],
  current: (c) => c[name],
  // Long texts show their changes with a few words around them; the title whole.
  condense: name !== 'title',
});
const plain = (name: Plain): Spec['fields'][number] => ({
  name,
  same: (o, c) => o[name] === c[name],
});

/** The record's texts compared word by word, then its other fields, in the order shown. */
const RECORD_DIFF: Spec = {
  texts: (['title', 'summary', 'info', 'rawtranscription'] as const).map(text),
  fields: [
    ...(['number', 'face', 'lang', 'owner'] as const).map(plain),
    {
      name: 'registration_date',
      same: (o, c) => sameTime(o.registration_date, c.registration_date),
    },
    plain('location'),
    { name: 'place', same: (o, c) => samePlace(o.place, placeValueOf(c.place)) },
    {
      name: 'people',
      same: (o, c) =>
        sameIds(
          o.people,
          c.people.map((p) => p.id),
        ),
    },
    // Only the versions kept by a change to the segments carry the index as it was.
    { name: 'segments', same: (o) => o.segments === undefined },
  ],
};

/** What the current record changed relative to a stored version. */
export function recordDiff(old: RecordRevisionData, current: RecordEntity) {
  return entityDiff(RECORD_DIFF, old, current);
}
