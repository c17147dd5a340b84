import type { RegisterBody } from '@kinfolio/contract';
import { EmailField, NameField } from '@/shared/forms/fields';
import { ServerForm } from '@/shared/forms/ServerForm';
import { useServerForm } from '@/shared/forms/useServerForm';
import { useTranslation } from '@/shared/i18n/react';
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

  return (
    <ServerForm state={server} submitLabel={submitLabel}>
      <NameField form={server.form} label={t('fields.name')} />
      <EmailField form={server.form} label={t('fields.email')} />
      <PasswordPair form={server.form} />
    </ServerForm>
  );
}
