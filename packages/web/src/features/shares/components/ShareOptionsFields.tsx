import { Checkbox, PasswordInput, Radio, Group, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SHARE_LIMITS } from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { EXPIRY_PRESETS, type ExpiryPreset } from '../expiry';

/** A link's settings as the dialogs edit them; `keep` leaves an existing link's expiry alone. */
export interface ShareOptionValues extends Record<string, unknown> {
  expiry: ExpiryPreset | 'keep';
  password: string;
  /** Editing a link that has one: take its password away. */
  removePassword: boolean;
  show_names: boolean;
  allow_download: boolean;
  include_translations: boolean;
}

/** The password rule before sending (the server says the same). */
export function validateOptions(
  values: ShareOptionValues,
  t: (key: string, options?: Record<string, unknown>) => string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.password && !values.removePassword) {
    if (values.password.length < SHARE_LIMITS.passwordMinLength) {
      errors.password = t('dialog.passwordShort', { count: SHARE_LIMITS.passwordMinLength });
    } else if (values.password.length > SHARE_LIMITS.passwordMaxLength) {
      errors.password = t('dialog.passwordLong', { count: SHARE_LIMITS.passwordMaxLength });
    }
  }
  return errors;
}

/** Expiry presets, password and what the page shows; used to make a link and to change one. */
export function ShareOptionsFields({
  form,
  editing = false,
  hasPassword = false,
}: {
  form: UseFormReturnType<ShareOptionValues>;
  /** Changing an existing link: its expiry may stay as it is. */
  editing?: boolean;
  hasPassword?: boolean;
}) {
  const { t } = useTranslation('shares');
  const presets: (ExpiryPreset | 'keep')[] = editing
    ? ['keep', ...EXPIRY_PRESETS]
    : [...EXPIRY_PRESETS];
  return (
    <Stack gap="md">
      <Radio.Group
        label={editing ? t('dialog.extend') : t('dialog.expiry')}
        {...form.getInputProps('expiry')}
      >
        <Group gap="md" mt={6}>
          {presets.map((preset) => (
            <Radio key={preset} value={preset} label={t(`expiry.${preset}`)} />
          ))}
        </Group>
      </Radio.Group>
      <Stack gap={6}>
        <PasswordInput
          label={editing && hasPassword ? t('dialog.newPassword') : t('dialog.password')}
          description={editing && hasPassword ? t('dialog.passwordKeep') : t('dialog.passwordHelp')}
          autoComplete="new-password"
          disabled={form.values.removePassword}
          visibilityToggleButtonProps={{ 'aria-label': t('dialog.showPassword') }}
          {...form.getInputProps('password')}
        />
        {editing && hasPassword ? (
          <Checkbox
            label={t('dialog.removePassword')}
            {...form.getInputProps('removePassword', { type: 'checkbox' })}
          />
        ) : null}
      </Stack>
      <Stack gap={8} component="fieldset" className="kf-share-options">
        <Text component="legend" size="sm" fw={500}>
          {t('dialog.options')}
        </Text>
        <Checkbox
          label={t('options.show_names')}
          {...form.getInputProps('show_names', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('options.allow_download')}
          {...form.getInputProps('allow_download', { type: 'checkbox' })}
        />
        <Checkbox
          label={t('options.include_translations')}
          {...form.getInputProps('include_translations', { type: 'checkbox' })}
        />
      </Stack>
    </Stack>
  );
}
