import { Button, Group, Modal, Select, Stack, Text, TreeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_LANGUAGES, displayName, ITEM_STATUSES } from '@kinfolio/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { categoryTreeData } from '@/shared/organisation/categoryTree';
import { useUiLanguage } from '@/shared/organisation/hooks';
import { organisationQueries } from '@/shared/organisation/queries';
import { compareIn } from '@/shared/intl';
import { useIsMobile } from '@/shared/ui/device';
import { useDrawnOnceOpened } from '@/shared/ui/drawnOnceOpened';
import type { BulkLink } from './definition';

/** What the dialog asks for: a link to add or remove, or the new language or status. */
export type ValueChoice =
  { action: 'link' | 'unlink'; kind: BulkLink } | { action: 'language' } | { action: 'status' };

interface ValueDialogProps {
  choice: ValueChoice | null;
  count: number;
  busy: boolean;
  onClose: () => void;
  onApply: (choice: ValueChoice, value: string) => void;
}

/** The options of the dialog's picker, in the interface language. */
function useOptions(choice: ValueChoice | null) {
  const { t } = useTranslation('archive');
  const uiLanguage = useUiLanguage();
  const kind = choice && 'kind' in choice ? choice.kind : null;
  const people = kind === 'from' || kind === 'to' || kind === 'people';
  const participants = useQuery({ ...organisationQueries.participants(), enabled: people });
  const tags = useQuery({ ...organisationQueries.tags(), enabled: kind === 'tags' });
  return useMemo(() => {
    const sorted = (rows: { value: string; label: string }[]) =>
      rows.sort((a, b) => compareIn(uiLanguage)(a.label, b.label));
    if (!choice) return [];
    if (choice.action === 'language') {
      return CONTENT_LANGUAGES.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }));
    }
    if (choice.action === 'status') {
      return ITEM_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }));
    }
    if (choice.kind === 'tags') {
      return sorted(
        (tags.data ?? []).map((tag) => ({
          value: String(tag.id),
          label: displayName(tag.name, uiLanguage) || t('filters.untitled'),
        })),
      );
    }
    if (choice.kind === 'categories') return [];
    return sorted((participants.data ?? []).map((p) => ({ value: String(p.id), label: p.name })));
  }, [choice, tags.data, participants.data, uiLanguage, t]);
}

/** Picks the tag, category, participant, language or status a bulk action applies. */
export function ValueDialog({ choice, count, busy, onClose, onApply }: ValueDialogProps) {
  const { t } = useTranslation('bulk');
  const { t: tArchive } = useTranslation('archive');
  const uiLanguage = useUiLanguage();
  const [value, setValue] = useState<string | null>(null);
  const options = useOptions(choice);
  const categories = useQuery({
    ...organisationQueries.categories(),
    enabled: choice !== null && 'kind' in choice && choice.kind === 'categories',
  });
  const tree = useMemo(
    () => categoryTreeData(categories.data ?? [], uiLanguage, tArchive('filters.untitled')),
    [categories.data, uiLanguage, tArchive],
  );
  const name = choice ? ('kind' in choice ? `${choice.action}.${choice.kind}` : choice.action) : '';
  const close = () => {
    setValue(null);
    onClose();
  };
  const label = choice ? t(`field.${'kind' in choice ? choice.kind : choice.action}`) : '';
  const dialog = useDrawnOnceOpened(choice !== null);
  // A searchable picker opens its list when focused: on a phone that also raised the keyboard and
  // drew the list over the dialog's title before anyone touched it. There, the first tap opens it.
  const autofocus = !useIsMobile() || undefined;
  if (!dialog.drawn) return null;

  return (
    <Modal
      opened={dialog.open}
      onClose={close}
      title={name ? t(`title.${name}`) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (choice && value) {
            onApply(choice, value);
            setValue(null);
          }
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('appliesTo', { count })}</Text>
          {choice && 'kind' in choice && choice.kind === 'categories' ? (
            <TreeSelect
              label={label}
              data={tree}
              value={value}
              onChange={setValue}
              searchable
              defaultExpandAll
              data-autofocus={autofocus}
              nothingFoundMessage={tArchive('filters.nothingFound')}
              comboboxProps={{ withinPortal: true }}
            />
          ) : (
            <Select
              label={label}
              data={options}
              value={value}
              onChange={setValue}
              searchable
              data-autofocus={autofocus}
              nothingFoundMessage={tArchive('filters.nothingFound')}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!value} loading={busy}>
              {t('apply', { count })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
