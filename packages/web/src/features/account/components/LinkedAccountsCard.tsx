import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { call } from '@/shared/api/call';
import { mutationHook } from '@/shared/query/mutation';
import { FormAlert, QueryState } from '@/shared/ui';
import { authProvidersQuery, providerLoginHref } from '@/shared/session/socialLogin';
import { formatDate } from '../format';
import { SectionCard } from './SectionCard';

const identitiesKey = ['linked-identities'] as const;
const identitiesQuery = {
  queryKey: identitiesKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => call('linkedIdentities', {}, { signal }),
};
const useUnlink = mutationHook(
  (id: number) => call('unlinkIdentity', { params: { id } }, { validationCheck: true }),
  () => [identitiesKey],
);

/** The providers linked to the account: unlink one (never the last way in), or link another. */
export function LinkedAccountsCard() {
  const { t, i18n } = useTranslation('account');
  const linked = useQuery(identitiesQuery);
  const providers = useQuery(authProvidersQuery);
  const unlink = useUnlink();
  const [done, setDone] = useState<string | null>(null);
  const identities = linked.data?.identities ?? [];
  const onlyWayIn = linked.data ? !linked.data.has_password && identities.length === 1 : false;
  const linkable = (providers.data ?? []).filter(
    (provider) => !identities.some((identity) => identity.provider === provider.id),
  );

  return (
    <Stack gap="md">
      <FormAlert message={unlink.error} />
      <FormAlert message={done} color="green" />
      <QueryState query={linked} error={t('linked.failed')}>
        {() => (
          <Stack gap="sm" role="list" aria-label={t('linked.title')}>
            {identities.length === 0 ? (
              <Text size="sm" c="dimmed" role="listitem">
                {t('linked.none')}
              </Text>
            ) : null}
            {identities.map((identity) => (
              <Group key={identity.id} justify="space-between" wrap="nowrap" role="listitem">
                <div>
                  <Text size="sm" fw={500}>
                    {identity.provider_name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {t('linked.since', {
                      email: identity.email,
                      date: formatDate(identity.created_at, i18n.language),
                    })}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  disabled={onlyWayIn}
                  title={onlyWayIn ? t('linked.lastWay') : undefined}
                  loading={unlink.isPending && unlink.variables === identity.id}
                  onClick={() =>
                    unlink.mutate(identity.id, { onSuccess: (answer) => setDone(answer.message) })
                  }
                  aria-label={t('linked.unlink', { name: identity.provider_name })}
                >
                  {t('linked.unlinkShort')}
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
      {onlyWayIn ? (
        <Text size="xs" c="dimmed">
          {t('linked.lastWay')}
        </Text>
      ) : null}
      {linkable.length > 0 ? (
        <Group gap="xs">
          {linkable.map((provider) => (
            <Button
              key={provider.id}
              component="a"
              href={providerLoginHref(provider.id)}
              variant="light"
              size="xs"
            >
              {t('linked.link', { name: provider.name })}
            </Button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

/** Shown once a provider is configured (or an account is still linked to a removed one). */
export function LinkedAccountsSection() {
  const { t } = useTranslation('account');
  const providers = useQuery(authProvidersQuery);
  const linked = useQuery(identitiesQuery);
  if (!providers.data?.length && !linked.data?.identities.length) return null;
  return (
    <SectionCard title={t('linked.title')} description={t('linked.description')}>
      <LinkedAccountsCard />
    </SectionCard>
  );
}
