import { ActionIcon, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Relation, RelationRole, Relative } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useCan, useUiLanguage } from '@/shared/organisation/hooks';
import { confirm, EditIcon, TrashIcon } from '@/shared/ui';
import { familyQueries, useDeleteRelation } from './api';
import { formatLifeDate, lifeSpan } from './lifeDate';
import { AddRelativeDialog } from './AddRelativeDialog';
import { RelationDialog } from './RelationDialog';

const GROUPS = [
  { key: 'parents', role: 'parent' },
  { key: 'partners', role: 'spouse' },
  { key: 'children', role: 'child' },
  { key: 'siblings', role: null },
] as const;

/**
 * A person's family on their page: parents, partners (with marriage and separation), children and
 * siblings, each a link to their page; editors add a parent, a partner or a child in one step.
 */
export function FamilySection({ person }: { person: { id: number; name: string } }) {
  const { t } = useTranslation('family');
  const language = useUiLanguage();
  const canEdit = useCan('content.edit');
  const family = useQuery(familyQueries.family(person.id));
  const remove = useDeleteRelation();
  const [adding, setAdding] = useState<RelationRole | null>(null);
  const [editing, setEditing] = useState<{ relation: Relation; name: string } | null>(null);

  const details = (relative: Relative) => {
    const relation = relative.relation;
    const parts: string[] = [];
    if (relation?.type === 'spouse') {
      if (relation.start)
        parts.push(
          t(relation.kind === 'married' ? 'family.married' : 'family.union', {
            date: formatLifeDate(relation.start, language),
          }),
        );
      if (relation.place?.name) parts.push(relation.place.name);
      if (relation.end)
        parts.push(t('family.separated', { date: formatLifeDate(relation.end, language) }));
    } else if (relation && relation.kind !== 'birth') {
      parts.push(t(`family.kinds.${relation.kind}`));
    }
    return parts;
  };

  const unlink = (relative: Relative) => {
    const relation = relative.relation;
    if (!relation) return;
    confirm({
      title: t('family.removeTitle'),
      message: t('family.removeText', { name: relative.person.name }),
      confirmLabel: t('family.removeShort'),
      destructive: true,
      onConfirm: () => remove.mutate(relation.id),
    });
  };

  const data = family.data;
  const empty = data && GROUPS.every((group) => data[group.key].length === 0);

  return (
    <section aria-labelledby="kf-person-family">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={2} size="h4" id="kf-person-family">
          {t('family.title')}
        </Title>
        <Anchor component={Link} to={`/tree/${person.id}`} size="sm">
          {t('tree.link')}
        </Anchor>
      </Group>
      {family.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('family.error')}
        </Text>
      ) : null}
      {empty ? (
        <Text size="sm" c="dimmed" mb="xs">
          {t('family.none')}
        </Text>
      ) : null}
      <Stack gap="sm">
        {data
          ? GROUPS.filter((group) => data[group.key].length > 0).map((group) => (
              <div key={group.key}>
                <Text component="h3" fw={700} size="sm" m={0} mb={4}>
                  {t(`family.${group.key}`)}
                </Text>
                <ul className="kf-family-group">
                  {data[group.key].map((relative) => {
                    const span = lifeSpan(relative.person.life, language);
                    const half = 'half' in relative && relative.half;
                    return (
                      <li key={`${relative.person.id}-${relative.relation?.id ?? 's'}`}>
                        <Anchor
                          component={Link}
                          to={`/people/${relative.person.id}`}
                          size="sm"
                          fw={600}
                          dir="auto"
                        >
                          {relative.person.name}
                        </Anchor>
                        {span ? (
                          <Text span size="xs" c="dimmed">
                            {span}
                          </Text>
                        ) : null}
                        {[...details(relative), ...(half ? [t('family.half')] : [])].map((part) => (
                          <Text span size="xs" c="dimmed" key={part}>
                            · {part}
                          </Text>
                        ))}
                        {canEdit && relative.relation ? (
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="md"
                            aria-label={t('relation.edit', { name: relative.person.name })}
                            onClick={() =>
                              setEditing({
                                relation: relative.relation!,
                                name: relative.person.name,
                              })
                            }
                          >
                            <EditIcon size={16} />
                          </ActionIcon>
                        ) : null}
                        {canEdit && relative.relation ? (
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            size="md"
                            aria-label={t('family.remove', { name: relative.person.name })}
                            onClick={() => unlink(relative)}
                          >
                            <TrashIcon size={16} />
                          </ActionIcon>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </div>
            ))
          : null}
      </Stack>
      {canEdit ? (
        <Group gap="xs" mt="sm">
          {(['parent', 'spouse', 'child'] as const).map((role) => (
            <Button key={role} variant="light" size="compact-sm" onClick={() => setAdding(role)}>
              {t(`add.button.${role}`)}
            </Button>
          ))}
        </Group>
      ) : null}
      <AddRelativeDialog
        person={adding ? person : null}
        role={adding ?? 'child'}
        onClose={() => setAdding(null)}
      />
      <RelationDialog editing={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
