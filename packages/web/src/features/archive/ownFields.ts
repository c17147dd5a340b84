import {
  completeFields,
  itemFieldsOf,
  type ItemFieldDef,
  type ItemFields,
  type ItemFieldValue,
  type ItemType,
} from '@kinfolio/contract';
import type { TFunction } from '@/shared/i18n/core';

/*
 * A type's own fields on screen, from its definition in the contract (ITEM_TYPE_DEFS): the form's
 * inputs, the read view, the card's badges and the history's changed fields all go through these,
 * worded `archive:types.<type>.fields.<field>.label` and `….<value>` (flags: `.yes` / `.no`).
 */

export interface OwnField {
  name: string;
  def: ItemFieldDef;
}

export function ownFields(type: ItemType): OwnField[] {
  return itemFieldsOf(type).map(([name, def]) => ({ name, def }));
}

export function ownFieldLabel(t: TFunction, type: ItemType, name: string): string {
  return t(`types.${type}.fields.${name}.label`);
}

/** The value as words: an enum's value, `none` when not said, a flag's yes or no. */
export function ownFieldValue(
  t: TFunction,
  type: ItemType,
  name: string,
  value: ItemFieldValue | undefined,
): string {
  const flag = ownFields(type).find((field) => field.name === name)?.def.kind === 'boolean';
  const key = flag ? (value === true ? 'yes' : 'no') : typeof value === 'string' ? value : 'none';
  return t(`types.${type}.fields.${name}.${key}`);
}

/** Own fields as the form starts them: the item's, or empty ones. */
export function initialOwnFields(type: ItemType, item: { fields?: ItemFields } | null) {
  return completeFields(type, item?.fields ?? {});
}

/** Names of the own fields whose value differs. */
export function changedOwnFields(type: ItemType, before: ItemFields, after: ItemFields): string[] {
  const a = completeFields(type, before);
  const b = completeFields(type, after);
  return ownFields(type)
    .map((field) => field.name)
    .filter((name) => a[name] !== b[name]);
}
