import { Anchor, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { compareIn } from '@/shared/intl';
import { useCan, useUiLanguage } from '@/shared/organisation/hooks';
import { PageTitle, ViewSwitch } from '@/shared/ui';
import { familyQueries } from '@/shared/family/api';
import { AddRelativeDialog } from '@/shared/family/AddRelativeDialog';
import { FamilyTreeChart } from '../components/FamilyTreeChart';
import '../tree.css';
import { TreeList } from '../components/TreeList';
import { mostRelated } from '../treeData';

type View = 'tree' | 'list';

const CHOICES_SHOWN = 50;

/**
 * `/tree` and `/tree/{participantId}`: the family drawn around a person (the most related one when
 * none is named), or the same people as a list; each box opens the person, its + adds a relative.
 */
export default function TreePage() {
  const { t } = useTranslation('family');
  const params: { participantId?: string } = useParams({ strict: false });
  const asked = params.participantId ? Number(params.participantId) : null;
  const tree = useQuery(familyQueries.tree(asked));
  const language = useUiLanguage();
  const navigate = useNavigate();
  const canEdit = useCan('content.edit');
  const [view, setView] = useState<View>('tree');
  const [adding, setAdding] = useState<{ id: number; name: string } | null>(null);
  const data = tree.data;
  const centre = asked ?? (data ? mostRelated(data) : null);
  const centrePerson = data?.people.find((person) => person.id === centre) ?? null;
  // Mantine's Select works over all its options at each render: a family of thousands is searched
  // here and the first matches given to it.
  const [search, setSearch] = useState('');
  const sorted = useMemo(() => {
    const compare = compareIn(language);
    return (data?.people ?? [])
      .map((person) => ({ value: String(person.id), label: person.name }))
      .sort((a, b) => compare(a.label, b.label));
  }, [data, language]);
  const choices = useMemo(() => {
    const wanted = search.trim().toLocaleLowerCase(language);
    const current = sorted.find((choice) => choice.value === String(centre));
    const matches = sorted
      .filter(
        (choice) => choice !== current && choice.label.toLocaleLowerCase(language).includes(wanted),
      )
      .slice(0, CHOICES_SHOWN);
    return current ? [current, ...matches] : matches;
  }, [sorted, search, centre, language]);

  const open = (id: number) => void navigate({ to: '/people/$id', params: { id: String(id) } });
  const addTo = (id: number) => {
    const person = data?.people.find((p) => p.id === id);
    if (person) setAdding({ id: person.id, name: person.name });
  };

  const title = centrePerson ? t('tree.titleOf', { name: centrePerson.name }) : t('tree.title');

  return (
    <Stack gap="md">
      <PageTitle mb={0} dir="auto">
        {title}
      </PageTitle>
      {tree.isPending ? <Skeleton height={360} radius="md" /> : null}
      {tree.isError ? (
        <Text role="alert" c="red">
          {t('tree.error')}
        </Text>
      ) : null}
      {data && (!centrePerson || data.relations.length === 0) ? (
        <Stack gap="xs">
          <Text>{t('tree.empty')}</Text>
          <Group gap="md">
            {centrePerson ? null : (
              <Anchor component={Link} to="/people">
                {t('tree.toPeople')}
              </Anchor>
            )}
            {canEdit ? (
              <Anchor component={Link} to="/import">
                {t('tree.toImport')}
              </Anchor>
            ) : null}
          </Group>
        </Stack>
      ) : null}
      {data && centrePerson ? (
        <>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t('tree.centre')}
              data={choices}
              value={String(centrePerson.id)}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options }) => options}
              onChange={(value) => {
                if (value)
                  void navigate({ to: '/tree/$participantId', params: { participantId: value } });
              }}
              style={{ flex: '1 1 14rem', maxWidth: '22rem' }}
              comboboxProps={{ withinPortal: false }}
            />
            <Anchor component={Link} to={`/people/${centrePerson.id}`} className="kf-tree-open">
              {t('tree.open', { name: centrePerson.name })}
            </Anchor>
            <ViewSwitch
              value={view}
              onChange={setView}
              aria-label={t('tree.views')}
              data={[
                { value: 'tree', label: t('tree.viewTree') },
                { value: 'list', label: t('tree.viewList') },
              ]}
            />
          </Group>
          {view === 'tree' ? (
            <FamilyTreeChart
              tree={data}
              centre={centrePerson.id}
              language={language}
              onOpen={open}
              onAdd={canEdit ? addTo : null}
            />
          ) : (
            <TreeList
              tree={data}
              centre={centrePerson.id}
              language={language}
              onAdd={canEdit ? setAdding : null}
            />
          )}
        </>
      ) : null}
      <AddRelativeDialog person={adding} onClose={() => setAdding(null)} />
    </Stack>
  );
}
