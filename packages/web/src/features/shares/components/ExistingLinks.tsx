import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Share } from '@kinfolio/contract';
import { useQuery } from '@tanstack/react-query';
import { useDateFormat } from '@/shared/content/dates';
import { useTranslation } from '@/shared/i18n/react';
import type { ShareTarget } from '@/shared/share/request';
import { confirm } from '@/shared/ui';
import { shareQueries, useRevokeShare } from '../api';
import { useShareTitle } from './SharesTable';

/** One link already made: its name, until when, how often opened, and a way to revoke it. */
function ExistingLink({ share, onRevoke }: { share: Share; onRevoke: (share: Share) => void }) {
  const { t } = useTranslation('shares');
  const formatDate = useDateFormat();
  const title = useShareTitle()(share);
  return (
    <Paper withBorder radius="md" p="xs" component="li">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {share.label ?? t('dialog.madeOn', { date: formatDate(share.created_at, true) })}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed" component="span">
              {share.expires_at
                ? `${t('list.expires')} ${formatDate(share.expires_at, true)}`
                : t('list.never')}
              {' · '}
              {t('dialog.views', { count: share.views })}
              {share.label ? '' : ` · ${share.created_by.name}`}
            </Text>
            {share.expired ? (
              <Badge color="orange" variant="light" size="sm">
                {t('list.expired')}
              </Badge>
            ) : null}
            {share.has_password ? (
              <Badge color="gray" variant="light" size="sm">
                {t('list.password')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Button
          variant="light"
          color="red"
          size="xs"
          onClick={() => onRevoke(share)}
          aria-label={t('list.revokeOne', { title })}
        >
          {t('list.revoke')}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The links that already open this entry, above the form for a new one: often the link wanted
 * exists already (its address cannot be shown again, only its hash is kept), or an old one should
 * be revoked. Nothing is drawn while there are none.
 */
export function ExistingLinks({ target }: { target: ShareTarget }) {
  const { t } = useTranslation('shares');
  const titleOf = useShareTitle();
  const revoke = useRevokeShare();
  const id = target.target_id;
  const links = useQuery({
    ...shareQueries.forTarget(target.target_type, id ?? 0),
    enabled: id !== undefined && target.target_type !== 'selection',
  });
  const live = (links.data?.data ?? []).filter((share) => !share.revoked);
  if (live.length === 0) return null;
  const askRevoke = (share: Share) =>
    confirm({
      title: t('revoke.title'),
      message: t('revoke.message', { title: titleOf(share) }),
      confirmLabel: t('revoke.confirm'),
      cancelLabel: t('actions.cancel'),
      onConfirm: () => revoke.mutate(share.id),
    });
  return (
    <Stack gap="xs" component="section" aria-labelledby="kf-share-existing">
      <Title order={3} size="h5" id="kf-share-existing">
        {t('dialog.existing', { count: live.length })}
      </Title>
      <Text size="xs" c="dimmed">
        {t('dialog.existingHelp')}
      </Text>
      <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {live.map((share) => (
          <ExistingLink key={share.id} share={share} onRevoke={askRevoke} />
        ))}
      </Stack>
    </Stack>
  );
}
