import { Anchor, Badge, Button, Group, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { CONTENT_LANGUAGES, type Item } from '@kinfolio/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { PlusIcon, SplitIcon, confirm } from '@/shared/ui';
import { useSeparateItem } from '../mutations';
import { NEW_ITEM, profilePath } from '../itemTypes';
import { titleAttrs } from '@/shared/content/direction';

/** The item's language versions: open one, add a missing language, separate a translation. */
export function TranslationsPanel({ item, canEdit }: { item: Item; canEdit: boolean }) {
  const { t } = useTranslation('archive');
  const navigate = useNavigate();
  const separateItem = useSeparateItem();
  const versions =
    item.translations.length > 0
      ? item.translations
      : [
          {
            id: item.id,
            language: item.language,
            title: item.title,
            parent_id: item.parent_id,
            deleted_at: null,
          },
        ];
  const present = new Set(versions.map((v) => v.language));
  const missing = CONTENT_LANGUAGES.filter((lang) => !present.has(lang));
  const originalId = item.parent_id ?? item.id;

  const separate = (version: (typeof versions)[number]) =>
    confirm({
      title: t('translations.separateTitle'),
      message: t('translations.separateMessage', { language: t(`languages.${version.language}`) }),
      confirmLabel: t('translations.separate'),
      cancelLabel: t('actions.cancel'),
      destructive: false,
      onConfirm: () => separateItem.mutate({ type: item.type, id: version.id }),
    });

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="kf-translations-title"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="kf-translations-title">
          {t('translations.title')}
        </Title>
        <Stack gap={6} component="ul" className="kf-plain-list">
          {versions.map((version) => {
            const current = version.id === item.id;
            const label = version.title || t('item.untitled');
            return (
              <li key={version.id}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Badge
                      style={{ flexShrink: 0 }}
                      size="sm"
                      radius="sm"
                      variant={current ? 'filled' : 'light'}
                      aria-label={t(`languages.${version.language}`)}
                      title={t(`languages.${version.language}`)}
                    >
                      {version.language.toUpperCase()}
                    </Badge>
                    {current || version.deleted_at ? (
                      <Text
                        size="sm"
                        fw={current ? 700 : 400}
                        lineClamp={2}
                        style={{ overflowWrap: 'anywhere' }}
                        aria-current={current ? 'page' : undefined}
                        {...titleAttrs(version.title, version.language)}
                      >
                        {label}
                      </Text>
                    ) : (
                      <Anchor
                        component={Link}
                        to={profilePath(item.type, version.id)}
                        size="sm"
                        lineClamp={2}
                        style={{ overflowWrap: 'anywhere' }}
                        {...titleAttrs(version.title, version.language)}
                      >
                        {label}
                      </Anchor>
                    )}
                    {version.parent_id === null ? (
                      <Badge size="xs" variant="default" style={{ flexShrink: 0 }}>
                        {t('translations.original')}
                      </Badge>
                    ) : null}
                    {version.deleted_at ? (
                      <Badge size="xs" variant="light" color="red" style={{ flexShrink: 0 }}>
                        {t('item.inTrash')}
                      </Badge>
                    ) : null}
                  </Group>
                  {canEdit && version.parent_id !== null && !version.deleted_at ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      style={{ flexShrink: 0 }}
                      leftSection={<SplitIcon size={12} />}
                      onClick={() => separate(version)}
                      aria-label={t('translations.separateOne', {
                        language: t(`languages.${version.language}`),
                      })}
                    >
                      {t('translations.separate')}
                    </Button>
                  ) : null}
                </Group>
              </li>
            );
          })}
        </Stack>
        {canEdit && missing.length > 0 ? (
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button
                variant="light"
                size="xs"
                leftSection={<PlusIcon size={14} />}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('translations.add')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {missing.map((lang) => (
                <Menu.Item
                  key={lang}
                  onClick={() =>
                    void navigate({
                      to: profilePath(item.type, NEW_ITEM),
                      search: { parent: originalId, language: lang },
                    })
                  }
                >
                  {t(`languages.${lang}`)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Stack>
    </Paper>
  );
}
