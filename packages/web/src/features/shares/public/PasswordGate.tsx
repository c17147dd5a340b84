import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { PublicError, unlockShare } from './publicApi';
import { publicKeys } from './queries';

/**
 * A link with a password shows nothing before it is typed: the server then sets a cookie that
 * opens this link only, for a while, and the page asks again.
 */
export function PasswordGate({ token }: { token: string }) {
  const { t } = useTranslation('shares');
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError(t('public.password.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await unlockShare(token, password);
      await queryClient.invalidateQueries({ queryKey: publicKeys.token(token) });
    } catch (failure) {
      const status = failure instanceof PublicError ? failure.status : 0;
      setError(
        status === 401
          ? t('public.password.wrong')
          : status === 429
            ? t('public.failure.429.message')
            : failure instanceof PublicError && failure.message
              ? failure.message
              : t('public.failure.0.message'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="kf-public-gate">
      <Stack gap="md">
        <Title order={1} className="kf-public-title">
          {t('public.password.title')}
        </Title>
        <Text size="sm">{t('public.password.explain')}</Text>
        <PasswordInput
          label={t('public.password.label')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={error}
          autoComplete="off"
          autoFocus
          visibilityToggleButtonProps={{ 'aria-label': t('public.password.show') }}
        />
        <Button type="submit" loading={busy}>
          {t('public.password.open')}
        </Button>
      </Stack>
    </form>
  );
}
