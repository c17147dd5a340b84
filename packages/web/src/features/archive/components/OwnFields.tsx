import { Select, SimpleGrid, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ItemFields, ItemType } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { PlainBadge } from '@/shared/content/PlainBadge';
import { ownFieldLabel, ownFieldValue, ownFields } from '../ownFields';

/** The form's inputs of the type's own fields: a select per enum, a switch per flag. */
export function OwnFieldInputs<V extends { fields: ItemFields }>({
  type,
  form,
}: {
  type: ItemType;
  form: UseFormReturnType<V>;
}) {
  const { t } = useTranslation('archive');
  const fields = ownFields(type);
  if (fields.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(fields.length, 3) }} spacing="md">
      {fields.map(({ name, def }) => {
        const path = `fields.${name}`;
        const value = form.values.fields[name];
        const error = form.errors[path];
        if (def.kind === 'boolean') {
          return (
            <Switch
              key={name}
              label={ownFieldLabel(t, type, name)}
              checked={value === true}
              onChange={(event) => form.setFieldValue(path, event.currentTarget.checked as never)}
              error={error}
              style={{ alignSelf: 'end' }}
              mb={8}
            />
          );
        }
        return (
          <Select
            key={name}
            label={ownFieldLabel(t, type, name)}
            placeholder={ownFieldValue(t, type, name, null)}
            data={def.values.map((v) => ({ value: v, label: ownFieldValue(t, type, name, v) }))}
            value={typeof value === 'string' ? value : null}
            onChange={(next) => form.setFieldValue(path, next as never)}
            clearable
            error={error}
          />
        );
      })}
    </SimpleGrid>
  );
}

/** The read view's lines of the type's own fields (inside its `<dl>`). */
export function OwnFieldsView({ type, fields }: { type: ItemType; fields: ItemFields }) {
  const { t } = useTranslation('archive');
  return ownFields(type).map(({ name }) => (
    <div key={name}>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {ownFieldLabel(t, type, name)}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {ownFieldValue(t, type, name, fields[name])}
      </Text>
    </div>
  ));
}

/** Badges of the own fields that say something (an enum's value, a flag set), for list cards. */
export function OwnFieldBadges({ type, fields }: { type: ItemType; fields: ItemFields }) {
  const { t } = useTranslation('archive');
  return ownFields(type)
    .filter(({ name, def }) => (def.kind === 'boolean' ? fields[name] === true : !!fields[name]))
    .map(({ name }) => (
      <PlainBadge key={name} tone="grape" wrap>
        {ownFieldValue(t, type, name, fields[name])}
      </PlainBadge>
    ));
}
