import {
  completeFields,
  isContentLanguage,
  type ContentLanguage,
  type Item,
  type ItemFields,
  type ItemStatus,
  type ItemType,
  type PlaceValue,
  type itemCreateBody,
  type itemUpdateBody,
} from '@kinfolio/contract';
import type { z } from 'zod';
import { placeValueOf, samePlace } from '@/shared/places/placeValue';

export type ItemCreateInput = z.input<typeof itemCreateBody>;
export type ItemUpdateInput = z.input<typeof itemUpdateBody>;

/** The edit form's values: ids as strings (Mantine pickers), the date as `YYYY-MM-DD`. */
export type ItemFormValues = {
  title: string;
  content: string;
  from: string[];
  to: string[];
  tags: string[];
  categories: string[];
  date: string;
  language: ContentLanguage;
  status: ItemStatus;
  /** The type's own fields (see ownFields.ts), every one present. */
  fields: ItemFields;
  /** Where it happened (a translation starts at its original's place). */
  place: PlaceValue | null;
};

export const ITEM_FORM_FIELDS = [
  'title',
  'content',
  'from',
  'to',
  'tags',
  'categories',
  'date',
  'language',
  'status',
  'fields',
  'place',
] as const;

const ids = (refs: readonly { id: number }[]) => refs.map((r) => String(r.id));
const toIds = (values: readonly string[]) => values.map(Number);

/** A stored date (UTC ISO) as the calendar day the date input shows. */
export function dateInputValue(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : '';
}

/**
 * The form's starting values: the item being edited, or for a new item its original's links
 * and date (a translation) or nothing, in the given language.
 */
export function initialFormValues(
  item: Item | null,
  options: { language: ContentLanguage; copyFrom?: Item | null; type?: ItemType },
): ItemFormValues {
  const source = item ?? options.copyFrom ?? null;
  const type = options.type ?? source?.type;
  return {
    title: item?.title ?? '',
    content: item?.content ?? '',
    from: source ? ids(source.from) : [],
    to: source ? ids(source.to) : [],
    tags: source ? ids(source.tags) : [],
    categories: source ? ids(source.categories) : [],
    date: source ? dateInputValue(source.date) : '',
    language: item && isContentLanguage(item.language) ? item.language : options.language,
    status: item?.status ?? 'published',
    // A translation starts with its original's own fields, as the server would copy them.
    fields: type ? completeFields(type, source?.fields) : {},
    place: placeValueOf(source?.place),
  };
}

/** POST body: an empty date means "now" on the server, so it is left out. */
export function createBody(values: ItemFormValues, parentId: number | null): ItemCreateInput {
  return {
    title: values.title,
    content: values.content,
    from: toIds(values.from),
    to: toIds(values.to),
    tags: toIds(values.tags),
    categories: toIds(values.categories),
    ...(values.date ? { date: values.date } : {}),
    language: values.language,
    status: values.status,
    ...(Object.keys(values.fields).length ? { fields: values.fields } : {}),
    ...(values.place ? { place: values.place } : {}),
    ...(parentId !== null ? { parent_id: parentId } : {}),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * PATCH body with only what the user changed, so saving an untouched form stores no revision
 * and a date-time is not truncated to its day unless the day itself was edited.
 */
export function updateBody(values: ItemFormValues, initial: ItemFormValues): ItemUpdateInput {
  const body: ItemUpdateInput = {};
  if (values.title !== initial.title) body.title = values.title;
  if (values.content !== initial.content) body.content = values.content;
  for (const key of ['from', 'to', 'tags', 'categories'] as const) {
    if (!sameList(values[key], initial[key])) body[key] = toIds(values[key]);
  }
  if (values.date !== initial.date && values.date) body.date = values.date;
  if (values.language !== initial.language) body.language = values.language;
  if (values.status !== initial.status) body.status = values.status;
  const fields = Object.fromEntries(
    Object.entries(values.fields).filter(([name, value]) => value !== initial.fields[name]),
  );
  if (Object.keys(fields).length) body.fields = fields;
  if (!samePlace(values.place, initial.place)) body.place = values.place;
  return body;
}

/**
 * True when an item would say nothing: no title, and content without text or a picture (the
 * server refuses such an item with the same rule).
 */
export function isBlankItem(title: string, content: string): boolean {
  if (title.trim()) return false;
  const body = new DOMParser().parseFromString(content, 'text/html').body;
  return !body.textContent?.trim() && !body.querySelector('img, audio, video');
}
