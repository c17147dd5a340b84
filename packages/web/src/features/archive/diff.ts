import { completeFields, type Item, type ItemType, type RevisionData } from '@kinfolio/contract';
import { htmlToText } from '@/shared/content/textDiff';
import { entityDiff, sameIds, sameTime, type DiffSpec } from '@/shared/entity/diff';
import { samePlace } from '@/shared/places/placeValue';
import { placeValueOf } from '@/shared/places/placeValue';
import { ownFields } from './ownFields';

/** The prefix of a type's own fields among the changed fields (`fields.period`). */
export const OWN_FIELD = 'fields.';

const ids = (refs: readonly { id: number }[]) => refs.map((r) => r.id);

function itemDiffSpec(type: ItemType): DiffSpec<RevisionData, Item> {
  const own = (fields: RevisionData['fields'], name: string) => completeFields(type, fields)[name];
  return {
    texts: [
      { name: 'title', old: (o) => o.title, current: (c) => c.title },
      {
        name: 'content',
        old: (o) => o.content,
        current: (c) => c.content,
        words: htmlToText,
        condense: true,
      },
    ],
    fields: [
      ...(['from', 'to', 'tags', 'categories'] as const).map((name) => ({
        name,
        same: (o: RevisionData, c: Item) => sameIds(o[name], ids(c[name])),
      })),
      { name: 'date', same: (o, c) => sameTime(o.date, c.date) },
      { name: 'language', same: (o, c) => o.language === c.language },
      { name: 'status', same: (o, c) => o.status === c.status },
      { name: 'place', same: (o, c) => samePlace(o.place, placeValueOf(c.place)) },
      ...ownFields(type).map(({ name }) => ({
        name: `${OWN_FIELD}${name}`,
        same: (o: RevisionData, c: Item) => own(o.fields, name) === own(c.fields, name),
      })),
    ],
  };
}

const SPECS = new Map<ItemType, DiffSpec<RevisionData, Item>>();

/** What `current` changed relative to the stored version `old`. */
export function revisionDiff(old: RevisionData, current: Item) {
  let spec = SPECS.get(current.type);
  if (!spec) SPECS.set(current.type, (spec = itemDiffSpec(current.type)));
  return entityDiff(spec, old, current);
}
