import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { siteTranslationCreateBody } from '@kinfolio/contract';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, focusFirstError, zodValidate } from '@/features/auth/validation';
import { api } from '@/shared/api/client';

/**
 * Adds a key to the table (POST /api/site-translations), e.g. `layout:nav.profile`, so the
 * wording built into the app can be replaced from this screen.
 */
export function AddKeyForm({ onAdded }: { onAdded: (key: string) => Promise<unknown> }) {
  const { t } = useTranslation('organisation');
  const form = useForm({
    initialValues: { key: '' },
    validate: zodValidate(siteTranslationCreateBody),
  });
  const submit = form.onSubmit(
    async ({ key }) => {
      try {
        await api.post('/api/site-translations', { key: key.trim() }, { validationCheck: true });
        form.reset();
        await onAdded(key.trim());
      } catch (error) {
        const message = applyServerErrors(form, error, ['key']);
        if (message) form.setFieldError('key', message);
      }
    },
    (errors) => focusFirstError(form, errors),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="xs">
        <TextInput
          label={t('translations.addKey')}
          description={t('translations.addKeyHint')}
          placeholder="layout:nav.profile"
          w={{ base: '100%', sm: 360 }}
          {...form.getInputProps('key')}
        />
        <Button type="submit" variant="light" mt={{ base: 0, sm: 46 }} loading={form.submitting}>
          {t('translations.addKeyButton')}
        </Button>
      </Group>
    </form>
  );
}
