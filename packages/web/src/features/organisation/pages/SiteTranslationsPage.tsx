import { Group, Pagination, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { UI_LANGUAGES, type SiteTranslation, type UiLanguage } from '@kinfolio/contract';
import { use, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { bundledKeys, i18n, LANGUAGE_LABELS, loadEveryBundle } from '@/shared/i18n';
import { splitKey } from '@/shared/i18n/mergeTranslations';
import { QueryState, SearchField } from '@/shared/ui';
import { CardField, ResponsiveTable } from '@/shared/kit/ResponsiveTable';
import { siteTranslationsQuery } from '../api';
import { OrganisationTabs } from '../components/OrganisationTabs';
import { TranslationCell } from '../components/TranslationCell';
import { useCan } from '../hooks';
import { useSaveSiteTranslation } from '../mutations';
import { countMissing, isIncomplete, matchesText } from '../search';

const PAGE_SIZE = 50;
const EMPTY_TEXT = { fr: '', en: '', it: '', de: '' };

/** A row of the editor: a stored site translation, or a bundled key not stored yet (id null). */
type EditorRow = Omit<SiteTranslation, 'id'> & { id: number | null };

/** Stored rows plus every key the app ships, so any interface text can be replaced. */
function editorRows(stored: readonly SiteTranslation[], bundled: readonly string[]): EditorRow[] {
  const byKey = new Map<string, EditorRow>(stored.map((row) => [row.key, row]));
  for (const key of bundled) {
    if (!byKey.has(key)) byKey.set(key, { id: null, key, text: EMPTY_TEXT });
  }
  return [...byKey.values()];
}

/** The app's wording for a key (an empty site value overrides nothing). */
function builtInText(key: string, lng: UiLanguage): string | undefined {
  const { ns, path } = splitKey(key, 'common');
  const value: unknown = i18n.getResource(lng, ns, path);
  return typeof value === 'string' ? value : undefined;
}

/** The shipped keys, once every language's bundles are in the wording store (builtInText reads them). */
let editorReady: Promise<readonly string[]> | undefined;
const loadEditorKeys = () =>
  (editorReady ??= Promise.all([bundledKeys(), loadEveryBundle()]).then(([keys]) => keys));

export default function SiteTranslationsPage() {
  const bundled = use(loadEditorKeys());
  const { t } = useTranslation('organisation');
  const canEdit = useCan('translations.edit');
  const save = useSaveSiteTranslation();
  const translations = useQuery(siteTranslationsQuery);
  const [search, setSearch] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  const [page, setPage] = useState(1);
  const deferred = useDeferredValue(search);
  const visible = useMemo(
    () =>
      editorRows(translations.data ?? [], bundled)
        .filter((row) => !missingOnly || isIncomplete(row, builtInText))
        .filter((row) => matchesText(deferred, [row.key, ...UI_LANGUAGES.map((l) => row.text[l])]))
        .sort((a, b) => a.key.localeCompare(b.key)),
    [translations.data, bundled, deferred, missingOnly],
  );
  // What the switch is about: values (a key in a language), over all keys and over those shown.
  const missingTotal = useMemo(
    () => countMissing(editorRows(translations.data ?? [], bundled), builtInText),
    [translations.data, bundled],
  );
  const missingShown = useMemo(() => countMissing(visible, builtInText), [visible]);
  const pages = Math.max(1, Math.ceil(visible.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = visible.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const cellOf = (row: EditorRow, lng: UiLanguage) => (
    <TranslationCell
      translationKey={row.key}
      language={lng}
      value={row.text[lng]}
      builtIn={row.text[lng] ? undefined : builtInText(row.key, lng)}
      canEdit={canEdit}
      onSave={(value) => save.mutateAsync({ ...row, language: lng, value })}
    />
  );

  const content = (
    <QueryState
      query={translations}
      error={t('translations.loadError')}
      isEmpty={() => visible.length === 0}
      empty={t('translations.noMatch')}
    >
      {() => (
        <ResponsiveTable
          rows={rows}
          rowKey={(row) => row.key}
          caption={t('translations.caption')}
          captionHidden
          minWidth={960}
          table={{ verticalSpacing: 6 }}
          columns={[
            {
              header: t('translations.key'),
              width: '20%',
              cell: (row) => <span className="kf-translation-key">{row.key}</span>,
            },
            ...UI_LANGUAGES.map((lng) => ({
              header: LANGUAGE_LABELS[lng],
              cell: (row: EditorRow) => cellOf(row, lng),
            })),
          ]}
          details={(row) => (
            <Stack gap="xs">
              {UI_LANGUAGES.map((lng) => (
                <CardField key={lng} label={LANGUAGE_LABELS[lng]} stacked>
                  {cellOf(row, lng)}
                </CardField>
              ))}
            </Stack>
          )}
        />
      )}
    </QueryState>
  );

  return (
    <OrganisationTabs active="siteTranslations">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {canEdit ? t('translations.intro') : t('translations.readOnly')}
        </Text>
        <Group align="flex-end" gap="lg">
          <SearchField
            label={t('translations.search')}
            placeholder={t('translations.searchPlaceholder')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
          />
          <Switch
            label={
              translations.data
                ? t('translations.missingOnlyCount', { count: missingTotal })
                : t('translations.missingOnly')
            }
            checked={missingOnly}
            onChange={(event) => {
              setMissingOnly(event.currentTarget.checked);
              setPage(1);
            }}
            mb={8}
          />
        </Group>
        {translations.data ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('translations.shown', {
              count: visible.length,
              total: editorRows(translations.data, bundled).length,
            })}
            {missingOnly ? ` · ${t('translations.missingShown', { count: missingShown })}` : ''}
          </Text>
        ) : null}
        {content}
        {pages > 1 ? (
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`translations.page.${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('translations.page.number', { page: n }) })}
          />
        ) : null}
      </Stack>
    </OrganisationTabs>
  );
}
