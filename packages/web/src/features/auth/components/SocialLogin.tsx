import { Button, Divider, Stack } from '@mantine/core';
import { LOGIN_ERRORS, type LoginError } from '@kinfolio/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { authProvidersQuery, providerLoginHref } from '@/shared/session/socialLogin';
import { FormAlert } from '@/shared/ui';
import { verifySession } from '@/shared/session/session';

/** Why a social login came back to this form (`?login_error=`), if it did. */
function loginErrorOfAddress(): LoginError | null {
  const code = new URLSearchParams(window.location.search).get('login_error');
  return LOGIN_ERRORS.find((known) => known === code) ?? null;
}

/** One button per configured provider, and the reason a social login failed. */
export function SocialLogin({ remember }: { remember: boolean }) {
  const { t } = useTranslation('auth');
  const [error] = useState(loginErrorOfAddress);
  const providers = useQuery(authProvidersQuery);
  const navigate = useNavigate();
  // Back from a provider with a session the app does not know of yet: check it and go in.
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('social_login')) return;
    void verifySession().then((user) => (user ? navigate({ to: '/posts' }) : undefined));
  }, [navigate]);
  const list = providers.data ?? [];
  return (
    <>
      <FormAlert message={error ? t(`social.errors.${error}`) : null} />
      {list.length > 0 ? (
        <Stack gap="xs">
          <Divider label={t('social.or')} labelPosition="center" />
          {list.map((provider) => (
            <Button
              key={provider.id}
              component="a"
              href={providerLoginHref(provider.id, remember)}
              variant="default"
              fullWidth
            >
              {t('social.continueWith', { name: provider.name })}
            </Button>
          ))}
        </Stack>
      ) : null}
    </>
  );
}
