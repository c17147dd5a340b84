import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import {
  adminUserPatchBody,
  PERMISSIONS,
  type AdminUser,
  type AdminUserPatchBody,
  type Permission,
} from '@kinfolio/contract';
import { useServerForm } from '@/shared/forms/useServerForm';
import { useSession } from '@/shared/session';
import { DialogActions, FormAlert } from '@/shared/ui';
import { useUpdateUser } from '../mutations';
import { PermissionChecks } from './PermissionChecks';

type RightsValues = {
  name: string;
  email: string;
  active: boolean;
  permissions: Permission[];
};

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
  const session = useSession();
  const updateUser = useUpdateUser();
  const isSelf = session.user?.id === user.id;
  const { form, submit, formError } = useServerForm<RightsValues>({
    initialValues: valuesOf(user),
    schema: adminUserPatchBody,
    fields: FIELDS,
    send: async (values, form) => {
      const body = changedFields(form.getInitialValues(), values);
      if (Object.keys(body).length === 0) return;
      const res = await updateUser.mutateAsync({ id: user.id, body });
      form.setInitialValues(valuesOf(res.user));
      form.setValues(valuesOf(res.user));
      if (isSelf) await session.refreshUser();
    },
  });

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
        <PermissionChecks
          label={t('rights.permissions')}
          description={t('rights.permissionsHint')}
          {...form.getInputProps('permissions')}
        />
        {isSelf ? (
          <Text size="sm" c="dimmed">
            {t('rights.selfHint')}
          </Text>
        ) : null}
        <DialogActions
          cancelLabel={t('rights.cancel')}
          onCancel={() => form.reset()}
          cancelDisabled={!form.isDirty() || form.submitting}
          label={t('rights.save')}
          loading={form.submitting}
          disabled={!form.isDirty()}
        />
      </Stack>
    </form>
  );
}
