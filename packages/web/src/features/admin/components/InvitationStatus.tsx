import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import type { AdminUser } from '@kinfolio/contract';
import { useResendInvitation, useRevokeInvitation } from '../mutations';
import { dateTimeFormat } from '@/shared/intl';
import { confirm } from '@/shared/ui';

/** A pending invitation beside the invited account: its state, and resend or withdraw. */
export function InvitationStatus({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation('admin');
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const invitation = user.invitation;
  if (!invitation) return null;
  const date = dateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(invitation.expires_at),
  );

  const confirmRevoke = () =>
    confirm({
      title: t('invitation.revoke'),
      message: t('invitation.revokeConfirm', { email: user.email }),
      confirmLabel: t('invitation.revoke'),
      cancelLabel: t('invite.cancel'),
      onConfirm: () => revoke.mutate(user.id),
    });

  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge color={invitation.expired ? 'red' : 'yellow'} variant="light">
          {invitation.expired ? t('invitation.expired') : t('invitation.pending')}
        </Badge>
        <Text size="xs" c="dimmed">
          {invitation.expired
            ? t('invitation.expiredOn', { date })
            : t('invitation.expires', { date })}
        </Text>
      </Group>
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          loading={resend.isPending}
          aria-label={t('invitation.resendLabel', { email: user.email })}
          onClick={() => resend.mutate(user.id)}
        >
          {t('invitation.resend')}
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          loading={revoke.isPending}
          aria-label={t('invitation.revokeLabel', { email: user.email })}
          onClick={confirmRevoke}
        >
          {t('invitation.revoke')}
        </Button>
      </Group>
    </Stack>
  );
}
