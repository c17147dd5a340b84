import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { FamilyTree } from '@kinfolio/contract';
import { Link } from '@tanstack/react-router';
import { Fragment, useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { compareIn } from '@/shared/intl';
import { lifeSpan } from '@/shared/family/lifeDate';
import { relativesIn } from '../treeData';

interface TreeListProps {
  tree: FamilyTree;
  centre: number;
  language: string;
  onAdd: ((person: { id: number; name: string }) => void) | null;
}

/**
 * The tree as a list (for screen readers, and anyone who prefers reading): the centre person
 * first, then everyone by name, each with their parents, partners and children as links.
 */
export function TreeList({ tree, centre, language, onAdd }: TreeListProps) {
  const { t } = useTranslation('family');
  const names = useMemo(() => new Map(tree.people.map((p) => [p.id, p.name])), [tree]);
  const of = useMemo(() => relativesIn(tree), [tree]);
  const people = useMemo(() => {
    const compare = compareIn(language);
    return [...tree.people].sort(
      (a, b) => Number(b.id === centre) - Number(a.id === centre) || compare(a.name, b.name),
    );
  }, [tree, centre, language]);

  const links = (ids: number[]) =>
    ids.map((id, index) => (
      <Fragment key={id}>
        {index ? ', ' : ''}
        <Anchor component={Link} to={`/people/${id}`} dir="auto">
          {names.get(id) ?? ''}
        </Anchor>
      </Fragment>
    ));

  return (
    <ul className="kf-tree-list">
      {people.map((person) => {
        const relatives = of(person.id);
        const span = lifeSpan(person.life, language);
        return (
          <li key={person.id}>
            <Stack gap={2}>
              <Group gap="xs" wrap="wrap" align="baseline">
                <Anchor component={Link} to={`/people/${person.id}`} fw={700} dir="auto">
                  {person.name}
                </Anchor>
                {span ? (
                  <Text span size="sm" c="dimmed">
                    {span}
                  </Text>
                ) : null}
              </Group>
              {(['parents', 'partners', 'children'] as const).map((kind) =>
                relatives[kind].length ? (
                  <Text key={kind} size="sm">
                    {t(`family.${kind}`)}: {links(relatives[kind])}
                  </Text>
                ) : null,
              )}
              <Group gap="xs">
                {person.id === centre ? null : (
                  <Anchor component={Link} to={`/tree/${person.id}`} size="sm">
                    {t('tree.centreOn', { name: person.name })}
                  </Anchor>
                )}
                {onAdd ? (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => onAdd({ id: person.id, name: person.name })}
                  >
                    {t('tree.addTo', { name: person.name })}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </li>
        );
      })}
    </ul>
  );
}
