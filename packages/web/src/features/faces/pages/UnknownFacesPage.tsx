import '@/shared/faces/faces.css';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FaceGroup } from '@kinfolio/contract';
import { useEffect, useRef, useState } from 'react';
import { ListPager } from '@/shared/content/ListPager';
import { faceQueries, useNameGroup, useRejectGroup } from '@/shared/faces/api';
import { useTranslation } from '@/shared/i18n/react';
import { useCan } from '@/shared/organisation/hooks';
import { QueryState } from '@/shared/ui';
import { FaceGroupCard } from '../components/FaceGroupCard';
import { PeopleTabs } from '../components/PeopleTabs';
import { typing } from '@/shared/ui/typing';

const NEXT = new Set(['ArrowDown', 'ArrowRight', 'j']);
const PREVIOUS = new Set(['ArrowUp', 'ArrowLeft', 'k']);

/**
 * `/people/unknown`: groups of unnamed faces that look alike, largest first. With the keyboard:
 * arrows (or j/k) choose a group, `y` names it as its suggestion, `n` says it is not them, Enter
 * opens its "who is this?" field (Esc leaves it).
 */
export default function UnknownFacesPage() {
  const { t } = useTranslation('faces');
  const editable = useCan('content.edit');
  const [page, setPage] = useState(1);
  const groups = useQuery(faceQueries.unknown(page));
  const list = groups.data?.data ?? [];
  const [active, setActive] = useState(0);
  const cards = useRef<(HTMLElement | null)[]>([]);
  const nameGroup = useNameGroup();
  const reject = useRejectGroup();
  const busy = nameGroup.isPending || reject.isPending;
  const current = list[Math.min(active, list.length - 1)];

  const name = (group: FaceGroup, participantId: number) =>
    nameGroup.mutate({ id: group.id, participantId });
  // "Not them": every face of the group (not only those shown) is told it is not that person.
  const rejectAll = async (group: FaceGroup) => {
    if (group.suggestion)
      await reject.mutateAsync({ id: group.id, participantId: group.suggestion.id });
  };

  const move = (to: number) => {
    const next = Math.max(0, Math.min(list.length - 1, to));
    setActive(next);
    cards.current[next]?.focus();
    cards.current[next]?.scrollIntoView({ block: 'nearest' });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || !current) return;
      if (typing(event.target)) {
        if (event.key === 'Escape') cards.current[active]?.focus();
        return;
      }
      if (NEXT.has(event.key)) move(active + 1);
      else if (PREVIOUS.has(event.key)) move(active - 1);
      else if (event.key === 'y' && editable && current.suggestion && !busy)
        name(current, current.suggestion.id);
      else if (event.key === 'n' && editable && current.suggestion && !busy)
        void rejectAll(current);
      else if (event.key === 'Enter' && editable)
        cards.current[active]
          ?.querySelector<HTMLInputElement>('[data-group-picker] input')
          ?.focus();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <PeopleTabs active="unknown">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('unknown.intro')}
        </Text>
        {editable ? (
          <Text size="sm" c="dimmed" className="kf-keys-hint">
            {t('unknown.keys')}
          </Text>
        ) : null}
        <QueryState
          query={groups}
          error={t('unknown.error')}
          isEmpty={(answer) => answer.data.length === 0}
          empty={t('unknown.empty')}
        >
          {(answer) => (
            <Stack gap="sm">
              {answer.data.map((group, index) => (
                <FaceGroupCard
                  key={group.id}
                  ref={(node) => {
                    cards.current[index] = node;
                  }}
                  group={group}
                  active={index === Math.min(active, answer.data.length - 1)}
                  editable={editable}
                  busy={busy}
                  onActivate={() => setActive(index)}
                  onName={(participantId) => name(group, participantId)}
                  onReject={() => void rejectAll(group)}
                />
              ))}
              <ListPager total={answer.meta.last_page} value={page} onChange={setPage} />
            </Stack>
          )}
        </QueryState>
      </Stack>
    </PeopleTabs>
  );
}
