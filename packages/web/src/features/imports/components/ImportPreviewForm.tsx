import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  type Import,
  type ImportPreview,
} from '@kinfolio/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { numberFormat } from '@/shared/intl';
import type { ImportStartBody } from '../api';
import {
  initialAnswers,
  optionsOf,
  plannedCounts,
  startBody,
  unanswered,
  type PreviewAnswers,
} from '../answers';
import { useDayFormat, useKindsLabel } from '../format';
import { PeopleMapping } from './PeopleMapping';

/** Every IANA zone the browser knows, else just the answer preselected. */
function timeZones(current: string | null): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !all.includes(current) ? [current, ...all] : all;
}

/** What reading the source found: its kind, what would be created (`planned`), the dates. */
function Findings({
  entry,
  preview,
  planned,
}: {
  entry: Import;
  preview: ImportPreview;
  planned: ImportPreview['counts'];
}) {
  const { t, i18n } = useTranslation('imports');
  const kindsLabel = useKindsLabel();
  const count = numberFormat(i18n.language);
  const day = useDayFormat();
  const counts = Object.entries(planned).filter(([, n]) => n > 0);
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('preview.recognised')}
        </Text>
        <Badge size="lg" variant="light">
          {kindsLabel(entry)}
        </Badge>
      </Group>
      <Title order={2} size="h4">
        {t('preview.willCreate')}
      </Title>
      <SimpleGrid
        cols={{ base: 2, sm: 4 }}
        spacing="sm"
        component="dl"
        className="kf-import-counts"
      >
        {counts.map(([kind, n]) => (
          <Paper key={kind} withBorder p="sm" radius="md">
            <Text component="dt" size="sm" c="dimmed">
              {t(`counts.${kind}`, { defaultValue: kind })}
            </Text>
            <Text component="dd" fw={700} size="xl" m={0}>
              {count.format(n)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {preview.existing > 0 ? (
        <Text size="sm">{t('preview.existing', { count: preview.existing })}</Text>
      ) : null}
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('preview.dates')}
        </Text>
        <Text size="sm">
          {preview.date_from && preview.date_to
            ? t('preview.dateRange', { from: day(preview.date_from), to: day(preview.date_to) })
            : t('preview.noDates')}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * An import's preview, waiting for the go: what was found, who the people found are in the
 * archive, the questions the source left open and the options of its kind; Confirm starts it.
 */
export function ImportPreviewForm({
  entry,
  preview,
  busy,
  onStart,
  onCancel,
}: {
  entry: Import;
  preview: ImportPreview;
  busy: boolean;
  onStart: (body: ImportStartBody) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('imports');
  const { t: ta } = useTranslation('archive');
  const [answers, setAnswers] = useState<PreviewAnswers>(() => initialAnswers(entry, preview));
  const zones = useMemo(() => timeZones(answers.time_zone), [answers.time_zone]);
  const set = (partial: Partial<PreviewAnswers>) => setAnswers((old) => ({ ...old, ...partial }));
  const offered = optionsOf(entry.source_kinds);
  const missing = unanswered(preview, answers);
  const asked = new Set(preview.questions);
  const [tried, setTried] = useState(false);
  const requiredError = (question: (typeof preview.questions)[number]) =>
    tried && missing.includes(question) ? t('preview.required') : undefined;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (missing.length === 0) onStart(startBody(entry, preview, answers));
      }}
    >
      <Stack gap="lg">
        <Findings entry={entry} preview={preview} planned={plannedCounts(preview, answers)} />
        {preview.people.length > 0 ? (
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('preview.people')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('preview.peopleIntro')}
            </Text>
            <PeopleMapping
              people={preview.people}
              value={answers.people}
              onChange={(key, participant) =>
                setAnswers((old) => ({ ...old, people: { ...old.people, [key]: participant } }))
              }
            />
          </Stack>
        ) : null}
        {asked.size > 0 ? (
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('preview.questions')}
            </Title>
            {asked.has('date_order') ? (
              <Radio.Group
                label={t('preview.dateOrder')}
                value={answers.date_order ?? ''}
                onChange={(value) => set({ date_order: value as PreviewAnswers['date_order'] })}
                error={requiredError('date_order')}
                required
              >
                <Stack gap="xs" mt="xs">
                  <Radio value="day_first" label={t('preview.dayFirst')} size="md" />
                  <Radio value="month_first" label={t('preview.monthFirst')} size="md" />
                </Stack>
              </Radio.Group>
            ) : null}
            {asked.has('time_zone') ? (
              <Select
                label={t('preview.timeZone')}
                description={t('preview.timeZoneHelp')}
                data={zones}
                value={answers.time_zone}
                onChange={(value) => set({ time_zone: value })}
                searchable
                limit={100}
                error={requiredError('time_zone')}
                required
                size="md"
                maw={420}
              />
            ) : null}
          </Stack>
        ) : null}
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('preview.options')}
          </Title>
          {offered.onePerMessage ? (
            <Radio.Group
              label={t('preview.grouping')}
              value={answers.one_item_per}
              onChange={(value) => set({ one_item_per: value as PreviewAnswers['one_item_per'] })}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="day" label={t('preview.onePerDay')} size="md" />
                <Radio value="message" label={t('preview.onePerMessage')} size="md" />
              </Stack>
            </Radio.Group>
          ) : null}
          {offered.folderCategories ? (
            <Checkbox
              label={t('preview.folderCategories')}
              checked={answers.folder_categories}
              onChange={(event) => set({ folder_categories: event.currentTarget.checked })}
              size="md"
            />
          ) : null}
          <Select
            label={t('preview.language')}
            data={[
              { value: '', label: t('preview.languageDetected') },
              ...CONTENT_LANGUAGES.map((lang) => ({ value: lang, label: ta(`languages.${lang}`) })),
            ]}
            value={answers.language ?? ''}
            onChange={(value) => set({ language: (value || null) as ContentLanguage | null })}
            allowDeselect={false}
            size="md"
            maw={420}
          />
        </Stack>
        <Group gap="sm" className="kf-import-actions">
          <Button type="submit" size="md" loading={busy}>
            {t('preview.confirm')}
          </Button>
          <Button variant="default" size="md" onClick={onCancel} disabled={busy}>
            {t('preview.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
