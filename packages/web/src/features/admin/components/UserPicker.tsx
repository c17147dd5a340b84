import { Select } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import type { AdminUser } from '@kinfolio/contract';

interface UserPickerProps {
  users: AdminUser[];
  value: number | undefined;
  onChange: (id: number) => void;
}

export function UserPicker({ users, value, onChange }: UserPickerProps) {
  const { t } = useTranslation('admin');
  return (
    <Select
      label={t('rights.pick')}
      placeholder={t('rights.pickPlaceholder')}
      searchable
      nothingFoundMessage={t('users.noMatch')}
      data={users.map((user) => ({
        value: String(user.id),
        label: `${user.name} (${user.email})`,
      }))}
      value={value === undefined ? null : String(value)}
      onChange={(next) => {
        if (next) onChange(Number(next));
      }}
      allowDeselect={false}
      w={{ base: '100%', sm: 420 }}
    />
  );
}
