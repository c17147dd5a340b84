import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '@/shared/i18n/react';
import type { CurrentUser } from '@kinfolio/contract';
import { CheckIcon, AlertIcon } from '@/shared/ui';
import { accountApi } from '../api';

export function EmailVerification({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('account');
  const resend = useMutation({ mutationFn: accountApi.resendVerification });
  const verified = Boolean(user.email_verified_at);

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        <Badge
          color={verified ? 'green' : 'yellow'}
          variant="light"
          leftSection={verified ? <CheckIcon size={12} /> : <AlertIcon size={12} />}
        >
          {verified ? t('verification.verified') : t('verification.unverified')}
        </Badge>
      </Group>
      {verified ? null : (
        <>
          <Text size="sm" c="dimmed">
            {t('verification.explain')}
          </Text>
          <Group>
            <Button
              variant="light"
              loading={resend.isPending}
              onClick={() => resend.mutate()}
              disabled={resend.isSuccess}
            >
              {resend.isSuccess ? t('verification.sent') : t('verification.resend')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
