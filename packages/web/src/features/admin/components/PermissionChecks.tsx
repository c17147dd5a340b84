import { Checkbox, Stack, type CheckboxGroupProps } from '@mantine/core';
import { PERMISSIONS } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';

/** One checkbox per permission, with what it allows: the invitation and the rights form. */
export function PermissionChecks(props: Omit<CheckboxGroupProps, 'children'>) {
  const { t } = useTranslation('admin');
  return (
    <Checkbox.Group {...props}>
      <Stack gap="sm" mt="sm">
        {PERMISSIONS.map((permission) => (
          <Checkbox
            key={permission}
            value={permission}
            label={t(`permissions.${permission}.label`)}
            description={t(`permissions.${permission}.description`)}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
