import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import { useParticipantChoices } from '@/shared/organisation/choices';

/**
 * A form's choice of participants (senders, recipients, the people heard): searchable among all,
 * the first hundred that match shown.
 */
export function ParticipantsInput(props: Omit<MultiSelectProps, 'data'>) {
  const { t } = useTranslation('archive');
  const data = useParticipantChoices();
  return (
    <MultiSelect
      data={data}
      searchable
      clearable
      limit={100}
      nothingFoundMessage={t('filters.nothingFound')}
      {...props}
    />
  );
}
