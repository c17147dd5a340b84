import { LIMITS } from '@kinfolio/contract';
import { NewPasswordFields, type BoundForm } from '@/shared/forms/fields';
import { useTranslation } from '@/shared/i18n/react';

/**
 * A new password and its confirmation in the sign-in screens' words: "New password" on the reset
 * screen, "Password" when creating an account.
 */
export function PasswordPair({ form, isNew = false }: { form: BoundForm; isNew?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <NewPasswordFields
      form={form}
      labels={{
        password: isNew ? t('fields.newPassword') : t('fields.password'),
        hint: t('fields.passwordHint', { count: LIMITS.passwordMinLength }),
        confirmation: t('fields.passwordConfirmation'),
      }}
    />
  );
}
