import { Button, Checkbox, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  adminUserPatchBody,
  PERMISSIONS,
  type AdminUser,
  type AdminUserPatchBody,
  type Permission,
} from '@kinfolio/contract';
import { applyServerErrors, focusFirstError, zodValidate } from '@/shared/forms/validation';
import { useSession } from '@/shared/session';
import { FormAlert } from '@/shared/ui';
import { adminApi, adminKeys } from '../queries';

interface RightsValues {
  name: string;
  email: string;
  active: boolean;
  permissions: Permission[];
}

const FIELDS = ['name', 'email', 'active', 'permissions'] as const;

const valuesOf = (user: AdminUser): RightsValues => ({
  name: user.name,
  email: user.email,
  active: user.active,
  permissions: PERMISSIONS.filter((p) => user.permissions.includes(p)),
});

/** Only what changed is sent, so an untouched email never triggers a new verification. */
export function changedFields(before: RightsValues, after: RightsValues): AdminUserPatchBody {
  const body: AdminUserPatchBody = {};
  if (after.name.trim() !== before.name) body.name = after.name.trim();
  if (after.email.trim().toLowerCase() !== before.email) body.email = after.email.trim();
  if (after.active !== before.active) body.active = after.active;
  const sorted = PERMISSIONS.filter((p) => after.permissions.includes(p));
  if (sorted.join() !== before.permissions.join()) body.permissions = sorted;
  return body;
}

export function UserRightsForm({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const session = useSession();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RightsValues>({
    initialValues: valuesOf(user),
    validate: zodValidate(adminUserPatchBody),
  });
  const isSelf = session.user?.id === user.id;

  const submit = form.onSubmit(
    async (values) => {
      setFormError(null);
      const body = changedFields(form.getInitialValues(), values);
      if (Object.keys(body).length === 0) return;
      try {
        const res = await adminApi.updateUser(user.id, body);
        form.setInitialValues(valuesOf(res.user));
        form.setValues(valuesOf(res.user));
        await queryClient.invalidateQueries({ queryKey: adminKeys.users });
        if (isSelf) await session.refreshUser();
      } catch (error) {
        setFormError(applyServerErrors(form, error, FIELDS));
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormAlert message={formError} mb="md" />
        <Group grow align="flex-start" wrap="wrap" gap="md">
          <TextInput label={t('rights.name')} required miw={220} {...form.getInputProps('name')} />
          <TextInput
            label={t('rights.email')}
            description={t('rights.emailHint')}
            // The hint under the input keeps both inputs of the row level.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            type="email"
            required
            miw={220}
            {...form.getInputProps('email')}
          />
        </Group>
        <Switch
          label={t('rights.active')}
          description={t('rights.activeHint')}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Checkbox.Group
          label={t('rights.permissions')}
          description={t('rights.permissionsHint')}
          {...form.getInputProps('permissions')}
        >
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
        {isSelf ? (
          <Text size="sm" c="dimmed">
            {t('rights.selfHint')}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="subtle"
            onClick={() => form.reset()}
            disabled={!form.isDirty() || form.submitting}
          >
            {t('rights.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
            {t('rights.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
