import { Button, Stack, Text } from '@mantine/core';
import { LIMITS } from '@kinfolio/contract';
import { useState } from 'react';
import { call } from '@/shared/api/call';
import { applyServerErrors } from '@/shared/forms/serverErrors';
import { useTranslation } from '@/shared/i18n/react';
import { FormAlert } from '@/shared/ui';

const NO_FIELDS = { setErrors: () => undefined, getInputNode: () => null };

/**
 * Shown once the login is refused for too many attempts: strangers guessing may keep an account
 * locked, so its owner gets a one-time sign-in link by mail instead, for the address typed above.
 */
export function LoginLinkOffer({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (sentTo) {
    return (
      <FormAlert
        color="green"
        title={t('loginLink.sentTitle')}
        message={t('loginLink.sent', { email: sentTo, minutes: LIMITS.loginLinkMinutes })}
        focus
      />
    );
  }
  const send = async () => {
    setSending(true);
    setError(null);
    try {
      // The same answer for any address: it says nothing about the account.
      await call('loginLink', { body: { email } }, { validationCheck: true, silent: true });
      setSentTo(email);
    } catch (failure) {
      setError(applyServerErrors(NO_FIELDS, failure, []));
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="xs">
      <Text size="sm">{t('loginLink.offer')}</Text>
      <Button
        variant="light"
        onClick={() => void send()}
        loading={sending}
        disabled={!email.trim()}
        data-testid="login-link-request"
      >
        {t('loginLink.request')}
      </Button>
      <FormAlert message={error} />
    </Stack>
  );
}
