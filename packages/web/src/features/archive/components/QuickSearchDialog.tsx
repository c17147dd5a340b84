import '../archive.css';
import { Badge, Group, Loader, Modal, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { LIMITS } from '@kinfolio/contract';
import { effectiveSearch } from '@/shared/search';
import { RecordIcon, SearchIcon, TagIcon, TreeIcon, UsersIcon } from '@/shared/ui';
import { useUiLanguage } from '@/shared/organisation/hooks';
import { organisationQueries } from '@/shared/organisation/queries';
import { itemQueries } from '../api';
import { useDateFormat } from '@/shared/content/dates';
import { ITEM_TYPE_META, profilePath } from '../itemTypes';
import {
  isOrganisation,
  moveActive,
  organisationSections,
  quickSearchSections,
  type QuickOption,
} from '../quickSearch';
import { Snippet } from '@/shared/content/Snippet';
import { SegmentHit } from '@/shared/content/SegmentHit';
import { recordProfilePath } from '@/shared/recordPaths';
import { titleAttrs } from '@/shared/content/direction';

/** The Ctrl+K dialog (loaded on first use): one search over every item type and the records. */
export default function QuickSearchDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('archive');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('quickSearch.title')}
      size="lg"
      yOffset="8vh"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {opened ? <QuickSearchBody onDone={onClose} /> : null}
    </Modal>
  );
}

const SECTION_ICONS = {
  record: RecordIcon,
  participant: UsersIcon,
  tag: TagIcon,
  category: TreeIcon,
};

/**
 * Where a hit opens: the item's profile, the record's (`/records/{record_id}/profile`), or for a
 * participant, tag or category, the list of posts with that filter.
 */
function quickTarget({ type, id, segment }: QuickOption) {
  if (isOrganisation(type)) return { to: ITEM_TYPE_META.post.listPath, search: { [type]: id } };
  if (type !== 'record') return { to: profilePath(type, id) };
  // A hit inside a segment opens the player at its start.
  return { to: recordProfilePath(id), search: segment ? { t: segment.start } : {} };
}

function QuickSearchBody({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('archive');
  const navigate = useNavigate();
  const baseId = useId();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, 250);
  const query = useQuery(itemQueries.searchAll(debounced));
  const participants = useQuery(organisationQueries.participants());
  const tags = useQuery(organisationQueries.tags());
  const categories = useQuery(organisationQueries.categories());
  const language = useUiLanguage();
  const formatDate = useDateFormat();
  const active = effectiveSearch(debounced) !== '';
  const sections = useMemo(
    () =>
      active
        ? [
            ...organisationSections(
              debounced,
              { participants: participants.data, tags: tags.data, categories: categories.data },
              language,
            ),
            ...(query.data ? quickSearchSections(query.data.data) : []),
          ]
        : [],
    [active, debounced, query.data, participants.data, tags.data, categories.data, language],
  );
  const options = useMemo(() => sections.flatMap((s) => s.options), [sections]);
  const [activeIndex, setActiveIndex] = useState(-1);
  useEffect(() => setActiveIndex(options.length > 0 ? 0 : -1), [options]);
  const optionId = (option: QuickOption) => `${baseId}-${option.key}`;
  const activeOption = options[activeIndex];

  const open = (option: QuickOption | undefined) => {
    if (!option) return;
    onDone();
    void navigate(quickTarget(option));
  };

  let status: string;
  if (!effectiveSearch(text)) status = t('quickSearch.hint');
  else if (query.isFetching || text !== debounced) status = t('quickSearch.searching');
  else if (options.length === 0) status = t('quickSearch.noResult');
  else if ((query.data?.meta.total ?? 0) >= LIMITS.searchMatchesMax) {
    status = t('quickSearch.resultsCapped', { count: LIMITS.searchMatchesMax });
  } else status = t('quickSearch.results', { count: query.data?.meta.total ?? 0 });

  return (
    <>
      <TextInput
        data-autofocus
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={`${baseId}-list`}
        aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
        aria-autocomplete="list"
        aria-label={t('quickSearch.label')}
        placeholder={t('quickSearch.placeholder')}
        leftSection={<SearchIcon size={16} />}
        rightSection={query.isFetching ? <Loader size={16} /> : null}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const next = moveActive(activeIndex, options.length, event.key);
            setActiveIndex(next);
            const option = options[next];
            if (option) {
              document.getElementById(optionId(option))?.scrollIntoView({ block: 'nearest' });
            }
          } else if (event.key === 'Enter') {
            event.preventDefault();
            open(activeOption);
          }
        }}
      />
      <Text size="sm" c="dimmed" mt="xs" role="status" aria-live="polite">
        {status}
      </Text>
      <div
        id={`${baseId}-list`}
        role="listbox"
        aria-label={t('quickSearch.resultsLabel')}
        className="kf-quick-results"
      >
        {sections.map((section) => {
          const Icon =
            section.type === 'record' || isOrganisation(section.type)
              ? SECTION_ICONS[section.type]
              : ITEM_TYPE_META[section.type].icon;
          const heading = isOrganisation(section.type)
            ? t(`quickSearch.sections.${section.type}`)
            : t(`types.${section.type}.plural`);
          const headingId = `${baseId}-${section.type}`;
          return (
            <div key={section.type} role="group" aria-labelledby={headingId}>
              <Group gap={6} mt="sm" mb={4} c="dimmed">
                <Icon size={16} />
                <Text id={headingId} size="xs" fw={700} tt="uppercase">
                  {heading}
                </Text>
              </Group>
              {section.options.map((option) => {
                const index = options.indexOf(option);
                return (
                  <div
                    key={option.key}
                    id={optionId(option)}
                    role="option"
                    aria-selected={index === activeIndex}
                    className="kf-quick-option"
                    data-family-start={option.familyStart || undefined}
                    onMouseMove={() => setActiveIndex(index)}
                    onClick={() => open(option)}
                    style={option.familyStart ? undefined : { paddingInlineStart: 28 }}
                  >
                    <Group gap={6} wrap="nowrap">
                      {isOrganisation(option.type) ? null : (
                        <Badge
                          size="xs"
                          radius="sm"
                          variant={option.matched ? 'filled' : 'light'}
                          style={{ flexShrink: 0 }}
                        >
                          {option.language.toUpperCase()}
                        </Badge>
                      )}
                      <Text
                        size="sm"
                        fw={option.matched ? 600 : 400}
                        truncate
                        {...titleAttrs(option.title, option.language)}
                      >
                        {option.title || t('item.untitled')}
                      </Text>
                      {option.date ? (
                        <Text size="xs" c="dimmed" ms="auto" style={{ flexShrink: 0 }}>
                          {formatDate(option.date)}
                        </Text>
                      ) : null}
                    </Group>
                    {option.segment ? (
                      <p className="kf-quick-segment">
                        <SegmentHit title={option.segment.title} start={option.segment.start} />
                      </p>
                    ) : null}
                    {option.snippet ? (
                      <Snippet snippet={option.snippet} lang={option.language} />
                    ) : null}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
    </>
  );
}
