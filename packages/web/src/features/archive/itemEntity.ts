import {
  displayName,
  type Item,
  type ItemType,
  type Revision,
  type RevisionData,
} from '@kinfolio/contract';
import { useDateFormat } from '@/shared/content/dates';
import type { EntityDefinition, FieldWords } from '@/shared/entity/definition';
import { useTranslation } from '@/shared/i18n/react';
import { useUiLanguage } from '@/shared/organisation/hooks';
import { itemResource } from './api';
import { OWN_FIELD, revisionDiff } from './diff';
import { historyPath, ITEM_TYPE_META, profilePath } from './itemTypes';
import { ownFieldLabel, ownFieldValue } from './ownFields';
import { placeValueOf, placeWords } from '@/shared/places/placeValue';
import { useCoordinatesFormat } from '@/shared/places/useCoordinatesFormat';

export type ItemDefinition = EntityDefinition<Item, RevisionData, Revision>;

/** An item type's field names and values in its history. */
function useItemFieldWords(type: ItemType): FieldWords<Item, Revision> {
  const { t } = useTranslation('archive');
  const uiLanguage = useUiLanguage();
  const formatDate = useDateFormat();
  const formatPosition = useCoordinatesFormat();
  const none = t('item.none');
  const joined = (names: string[]) => names.join(', ') || none;
  return {
    label: (field) => {
      if (field.startsWith(OWN_FIELD)) return ownFieldLabel(t, type, field.slice(OWN_FIELD.length));
      return field === 'status' ? t('status.label') : t(`form.${field}`);
    },
    value: (field, side, revision, item) => {
      const old = side === 'old';
      switch (field) {
        case 'from':
        case 'to':
          return joined((old ? revision.names[field] : item[field]).map((r) => r.name));
        case 'tags':
        case 'categories':
          return joined(
            (old ? revision.names[field] : item[field]).map((r) => displayName(r.name, uiLanguage)),
          );
        case 'date':
          return formatDate(old ? revision.data.date : item.date);
        case 'language': {
          const lang = old ? revision.data.language : item.language;
          return t(`languages.${lang}`, { defaultValue: lang });
        }
        case 'status':
          return t(`status.${old ? revision.data.status : item.status}`);
        case 'place':
          return placeWords(
            old ? revision.data.place : placeValueOf(item.place),
            formatPosition,
            none,
          );
        default: {
          const name = field.slice(OWN_FIELD.length);
          return ownFieldValue(t, type, name, (old ? revision.data : item).fields[name]);
        }
      }
    },
  };
}

function definitionOf(type: ItemType): ItemDefinition {
  return {
    namespace: 'archive',
    keys: { list: `types.${type}.plural`, noPermission: 'form.noPermission' },
    editPermission: 'content.edit',
    shareType: `${type}s`,
    listPath: ITEM_TYPE_META[type].listPath,
    profilePath: (id) => profilePath(type, id),
    historyPath: (id) => historyPath(type, id),
    language: (item) => item.language,
    resource: itemResource(type),
    diff: revisionDiff,
    useFieldWords: () => useItemFieldWords(type),
  };
}

const DEFINITIONS = new Map<ItemType, ItemDefinition>();

/** An item type as the generic profile, form and history screens see it. */
export function itemDefinition(type: ItemType): ItemDefinition {
  let definition = DEFINITIONS.get(type);
  if (!definition) DEFINITIONS.set(type, (definition = definitionOf(type)));
  return definition;
}
