import { Badge, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { displayName, type Item } from '@kinfolio/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { useUiLanguage } from '@/shared/organisation/hooks';
import { useDateFormat } from '@/shared/content/dates';
import { Attachments } from './Attachments';
import { PhotoDateOffer, PhotoPlace } from '../photos/PhotoHints';
import { OwnFieldsView } from './OwnFields';
import { PlaceSummary, PlaceText } from '@/shared/places/PlaceSummary';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** An item as it reads: its fields, then the content (HTML sanitised by the server). */
export function ItemReadView({ item }: { item: Item }) {
  const { t } = useTranslation('archive');
  const uiLanguage = useUiLanguage();
  const formatDate = useDateFormat();
  const rtl = item.language === 'ar';
  const none = t('item.none');
  const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ') || none;
  const translated = (refs: Item['tags']) =>
    refs.map((r) => displayName(r.name, uiLanguage)).join(', ') || none;
  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge variant="light">{t(`languages.${item.language}`)}</Badge>
        <Badge variant="light" color={item.status === 'draft' ? 'orange' : 'green'}>
          {t(`status.${item.status}`)}
        </Badge>
        {item.parent_id !== null ? (
          <Badge variant="default">
            {t('translations.isTranslation', {
              language: t(`languages.${item.original_language}`),
            })}
          </Badge>
        ) : null}
      </Group>
      <dl className="kf-fields">
        <Field label={t('form.date')}>
          <time dateTime={item.date}>{formatDate(item.date)}</time>
          <PhotoDateOffer item={item} />
        </Field>
        {item.place ? (
          <Field label={t('form.place')}>
            <PlaceText place={item.place} />
          </Field>
        ) : null}
        <PhotoPlace files={item.files} />
        <Field label={t('form.from')}>{names(item.from)}</Field>
        <Field label={t('form.to')}>{names(item.to)}</Field>
        <Field label={t('form.tags')}>{translated(item.tags)}</Field>
        <Field label={t('form.categories')}>{translated(item.categories)}</Field>
        <OwnFieldsView type={item.type} fields={item.fields} />
      </dl>
      <section aria-labelledby="kf-item-content-title">
        <Title order={2} size="h4" id="kf-item-content-title" className="kf-sr-only">
          {t('form.content')}
        </Title>
        {item.content ? (
          <Typography>
            <div
              className="kf-item-content"
              lang={item.language}
              dir={rtl ? 'rtl' : undefined}
              // Sanitised on the server with an allowlist of tags and attributes.
              dangerouslySetInnerHTML={{ __html: item.content }}
            />
          </Typography>
        ) : (
          <Text c="dimmed">{t('item.noContent')}</Text>
        )}
      </section>
      <Attachments item={item} />
      {item.place ? (
        <PlaceSummary
          place={item.place}
          entry={{ type: item.type, id: item.id, title: item.title }}
        />
      ) : null}
    </Stack>
  );
}
