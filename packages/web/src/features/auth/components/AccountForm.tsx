import { TextInput } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import type { RegisterBody } from '@kinfolio/contract';
import { useServerForm } from '@/shared/forms/useServerForm';
import { ServerForm } from '@/shared/forms/ServerForm';
import { PasswordPair } from './PasswordPair';

interface AccountFormProps {
  submitLabel: string;
  /** Sends the values; throws the ApiError of a failed request. */
  onSubmit: (values: RegisterBody) => Promise<void>;
}

/** Name, email and a confirmed password: the register and first-administrator forms. */
export function AccountForm({ submitLabel, onSubmit }: AccountFormProps) {
  const { t } = useTranslation('auth');
  const server = useServerForm<RegisterBody>({
    initialValues: { name: '', email: '', password: '', password_confirmation: '' },
    schema: () => import('../schemas').then((schemas) => schemas.registerBody),
    send: onSubmit,
  });
  const { form } = server;

  return (
    <ServerForm state={server} submitLabel={submitLabel}>
      <TextInput
        label={t('fields.name')}
        autoComplete="name"
        required
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        required
        {...form.getInputProps('email')}
      />
      <PasswordPair
        password={form.getInputProps('password')}
        confirmation={form.getInputProps('password_confirmation')}
      />
    </ServerForm>
  );
}
