import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerBody, type RegisterBody } from '@kinfolio/contract';
import { applyServerErrors, focusFirstError, zodValidate } from '@/shared/forms/validation';
import { FormAlert } from './FormAlert';
import { PasswordPair } from './PasswordPair';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

interface AccountFormProps {
  submitLabel: string;
  /** Sends the values; throws the ApiError of a failed request. */
  onSubmit: (values: RegisterBody) => Promise<void>;
}

/** Name, email and a confirmed password: the register and first-administrator forms. */
export function AccountForm({ submitLabel, onSubmit }: AccountFormProps) {
  const { t } = useTranslation('auth');
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterBody>({
    initialValues: { name: '', email: '', password: '', password_confirmation: '' },
    validate: zodValidate(registerBody),
  });

  const submit = form.onSubmit(
    async (values) => {
      setFormError(null);
      try {
        await onSubmit(values);
      } catch (error) {
        setFormError(applyServerErrors(form, error, FIELDS));
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
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
        <Button type="submit" fullWidth loading={form.submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
