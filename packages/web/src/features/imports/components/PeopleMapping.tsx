import { Group, Select, Stack, Text } from '@mantine/core';
import type { ImportPreview } from '@kinfolio/contract';
import { useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useParticipantChoices } from '@/shared/organisation/choices';

/** The select's value of "a participant of their own". */
const NEW = 'new';

/**
 * Each person the source names, with who they are in the archive: an existing participant
 * (searchable among all), or a new one. `value` maps each person's key to a participant id or null.
 */
export function PeopleMapping({
  people,
  value,
  onChange,
}: {
  people: ImportPreview['people'];
  value: Record<string, number | null>;
  onChange: (key: string, participant: number | null) => void;
}) {
  const { t } = useTranslation('imports');
  const participants = useParticipantChoices();
  const choices = useMemo(
    () => [{ value: NEW, label: t('preview.newParticipant') }, ...participants],
    [participants, t],
  );
  return (
    <Stack gap="sm" component="ul" className="kf-import-people">
      {people.map((person) => {
        const chosen = value[person.key] ?? null;
        // The suggested participant may be past the choices' first load: listed all the same.
        const data =
          chosen !== null && !participants.some((choice) => choice.value === String(chosen))
            ? [
                ...choices,
                { value: String(chosen), label: person.participant_name ?? `#${chosen}` },
              ]
            : choices;
        return (
          <Group
            key={person.key}
            component="li"
            justify="space-between"
            align="center"
            gap="sm"
            wrap="wrap"
          >
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
              <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                {person.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {person.key !== person.name ? `${person.key} · ` : ''}
                {t('preview.appears', { count: person.count })}
              </Text>
            </Stack>
            <Select
              aria-label={t('preview.personLabel', { name: person.name })}
              data={data}
              value={chosen === null ? NEW : String(chosen)}
              onChange={(next) => onChange(person.key, !next || next === NEW ? null : Number(next))}
              searchable
              allowDeselect={false}
              limit={100}
              nothingFoundMessage={t('preview.nothingFound')}
              size="md"
              style={{ flex: '1 1 14rem' }}
            />
          </Group>
        );
      })}
    </Stack>
  );
}
