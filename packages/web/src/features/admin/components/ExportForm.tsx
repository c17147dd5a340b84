import { Group, Radio, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  EXPORT_FORMATS,
  ITEM_TYPES,
  type ExportFormat,
  type ExportScope,
  type ItemType,
} from '@kinfolio/contract';
import { useTranslation } from '@/shared/i18n/react';
import { categoryTreeData, type CategoryTreeNode } from '@/shared/organisation/categoryTree';
import { organisationQueries, useUiLanguage } from '@/shared/organisation';
import { useServerForm } from '@/shared/forms/useServerForm';
import { AdminSection } from './AdminSection';
import { SettingsForm } from './SettingsForm';
import { useStartExport } from '../downloads';

interface Values extends Record<string, unknown> {
  scope: ExportScope;
  type: ItemType;
  category_id: string | null;
  format: ExportFormat;
}

/** The category tree as one list, each name indented under its parent. */
function flatten(nodes: CategoryTreeNode[], depth = 0): { value: string; label: string }[] {
  return nodes.flatMap((node) => [
    { value: node.value, label: `${'\u2003'.repeat(depth)}${node.label}` },
    ...flatten(node.children ?? [], depth + 1),
  ]);
}

/** Starts an export: one item type or a category (with its subtree), in one format. */
export function ExportForm() {
  const { t } = useTranslation('admin');
  const language = useUiLanguage();
  const categories = useQuery(organisationQueries.categories());
  const start = useStartExport();
  const server = useServerForm<Values>({
    initialValues: { scope: 'type', type: 'post', category_id: null, format: 'json' },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (values.scope === 'category' && !values.category_id)
        errors.category_id = t('downloads.form.categoryRequired');
      if (values.format === 'eml' && values.scope === 'type' && values.type !== 'mail')
        errors.format = t('downloads.form.emlMailsOnly');
      return errors;
    },
    send: async (values) => {
      // The answer's message is toasted by the API client.
      await start.mutateAsync({
        scope: values.scope,
        format: values.format,
        ...(values.scope === 'type'
          ? { type: values.type }
          : { category_id: Number(values.category_id) }),
      });
    },
  });
  const { form } = server;
  const categoryData = flatten(categoryTreeData(categories.data ?? [], language));
  return (
    <AdminSection words="downloads.form" intro>
      <SettingsForm
        server={server}
        saving={start.isPending}
        saveLabel={t('downloads.form.start')}
        startsSomething
      >
        <Radio.Group label={t('downloads.form.scope')} {...form.getInputProps('scope')}>
          <Group gap="lg" mt={6}>
            <Radio value="type" label={t('downloads.form.scopeType')} />
            <Radio value="category" label={t('downloads.form.scopeCategory')} />
          </Group>
        </Radio.Group>
        {form.values.scope === 'type' ? (
          <Select
            label={t('downloads.form.type')}
            data={ITEM_TYPES.map((type) => ({
              value: type,
              label: t(`downloads.types.${type}`),
            }))}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
        ) : (
          <Select
            label={t('downloads.form.category')}
            placeholder={t('downloads.form.categoryPlaceholder')}
            data={categoryData}
            searchable
            nothingFoundMessage={t('downloads.form.noCategory')}
            {...form.getInputProps('category_id')}
          />
        )}
        <Radio.Group label={t('downloads.form.format')} {...form.getInputProps('format')}>
          <Stack gap={6} mt={6}>
            {EXPORT_FORMATS.map((format) => (
              <Radio
                key={format}
                value={format}
                label={t(`downloads.formats.${format}`)}
                description={t(`downloads.formatHelp.${format}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
      </SettingsForm>
    </AdminSection>
  );
}
