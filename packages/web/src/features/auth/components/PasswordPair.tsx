import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from '@/shared/i18n/react';
import { PasswordField } from '@/shared/ui';
import { LIMITS } from '@kinfolio/contract';

interface PasswordPairProps {
  password: GetInputPropsReturnType;
  confirmation: GetInputPropsReturnType;
  /** "New password" on reset/change screens, "Password" when creating an account. */
  isNew?: boolean;
}

/** A new password and its confirmation, with the length rule spelled out up front. */
export function PasswordPair({ password, confirmation, isNew = false }: PasswordPairProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordField
        label={isNew ? t('fields.newPassword') : t('fields.password')}
        description={t('fields.passwordHint', { count: LIMITS.passwordMinLength })}
        autoComplete="new-password"
        required
        {...password}
      />
      <PasswordField
        label={t('fields.passwordConfirmation')}
        autoComplete="new-password"
        required
        {...confirmation}
      />
    </>
  );
}
