import { SegmentedControl, Stack, Text } from '@mantine/core';
import type { Share } from '@kinfolio/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useSession } from '@/shared/session';
import { confirm, PageTitle, QueryState } from '@/shared/ui';
import { shareQueries, useRevokeShare } from '../api';
import { EditShareDialog } from '../components/EditShareDialog';
import { SharesTable, useShareTitle } from '../components/SharesTable';
import { LabelledPager } from '@/shared/content/ListPager';

/** `/shares`: the links one made (an admin: everyone's, with who made them), to extend or revoke. */
export default function SharesPage() {
  const { t } = useTranslation('shares');
  const { page = 1 } = useSearch({ strict: false }) as { page?: number };
  const navigate = useNavigate();
  const { isAdmin } = useSession();
  const [mine, setMine] = useState(false);
  const list = useQuery(shareQueries.list(page, mine));
  const revoke = useRevokeShare();
  const titleOf = useShareTitle();
  const [editing, setEditing] = useState<Share | null>(null);

  const askRevoke = (share: Share) =>
    confirm({
      title: t('revoke.title'),
      message: t('revoke.message', { title: titleOf(share) }),
      confirmLabel: t('revoke.confirm'),
      cancelLabel: t('actions.cancel'),
      onConfirm: () => revoke.mutate(share.id),
    });

  return (
    <Stack gap="md">
      <PageTitle mb={0}>{t('list.title')}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('list.intro')}
      </Text>
      {isAdmin ? (
        <SegmentedControl
          value={mine ? 'mine' : 'all'}
          onChange={(value) => {
            setMine(value === 'mine');
            void navigate({ to: '/shares', search: {} });
          }}
          data={[
            { value: 'all', label: t('list.everyone') },
            { value: 'mine', label: t('list.mine') },
          ]}
          aria-label={t('list.whose')}
          style={{ alignSelf: 'flex-start' }}
        />
      ) : null}
      <QueryState
        query={list}
        error={t('list.loadError')}
        isEmpty={(answer) => answer.data.length === 0}
        empty={t('list.empty')}
      >
        {(answer) => (
          <>
            <SharesTable
              shares={answer.data}
              showOwner={isAdmin && !mine}
              onEdit={setEditing}
              onRevoke={askRevoke}
            />
            <LabelledPager
              labels={{
                page: (page) => t('pager.page', { page }),
                control: (control) => t(`pager.${control}`),
              }}
              total={answer.meta.last_page}
              value={answer.meta.current_page}
              onChange={(next) =>
                void navigate({ to: '/shares', search: next > 1 ? { page: next } : {} })
              }
            />
          </>
        )}
      </QueryState>
      <EditShareDialog
        share={editing}
        title={editing ? titleOf(editing) : ''}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
