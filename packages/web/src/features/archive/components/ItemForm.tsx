import {
  Input,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  TextInput,
  TreeSelect,
} from '@mantine/core';
import {
  CONTENT_LANGUAGES,
  ITEM_STATUSES,
  itemCreateBodyOf,
  itemUpdateBodyOf,
  type ContentLanguage,
  type Item,
  type ItemStatus,
  type ItemType,
} from '@kinfolio/contract';
import { lazy, Suspense, useId, useMemo } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { ParticipantsInput } from '@/shared/kit/ParticipantsInput';
import { EntityForm, useEntityForm, type EntityFormProps } from '@/shared/entity/EntityForm';
import { itemResource } from '../api';
import { OwnFieldInputs } from './OwnFields';
import { textDir } from '@/shared/content/direction';
import { FileDropField } from '@/shared/content/FormParts';
import {
  createBody,
  initialFormValues,
  isBlankItem,
  ITEM_FORM_FIELDS,
  updateBody,
} from '../formValues';
import { PhotoDateHint, photoPosition } from '../photos/PhotoHints';
import { PlaceField } from '@/shared/places/PlaceField';
import { useCategoryChoices, useTagChoices } from '@/shared/organisation/choices';

/** The server's word on the place or one of its parts (`place.latitude`, `place.name`). */
const placeError = (errors: Record<string, unknown>) => {
  const key = Object.keys(errors).find((name) => name === 'place' || name.startsWith('place.'));
  return key ? String(errors[key]) : undefined;
};

// Tiptap and FilePond only load when a form opens.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

interface ItemFormProps extends EntityFormProps<Item> {
  type: ItemType;
  /** Creating a translation: the original it belongs to. */
  parent?: Item | null;
  /** Languages the new item may take (a translation's are the missing ones). */
  languages?: readonly ContentLanguage[];
}

/** Create and edit form of every item type (its own fields from the type's definition). */
export function ItemForm(props: ItemFormProps) {
  const { type, parent = null, languages = CONTENT_LANGUAGES, defaultLanguage } = props;
  const item = props.entity;
  const { t } = useTranslation('archive');
  const contentLabelId = useId();
  const initial = useMemo(
    () => initialFormValues(item, { language: defaultLanguage, copyFrom: parent, type }),
    [item, parent, defaultLanguage, type],
  );
  const parentId = parent ? (parent.parent_id ?? parent.id) : null;
  const state = useEntityForm({
    entity: item,
    initialValues: initial,
    fields: ITEM_FORM_FIELDS,
    rename: { parent_id: 'language' },
    create: { body: (values) => createBody(values, parentId), schema: itemCreateBodyOf(type) },
    update: { body: (values) => updateBody(values, initial), schema: itemUpdateBodyOf(type) },
    check: (values): Record<string, string> => {
      const touched = !item || values.title !== initial.title || values.content !== initial.content;
      if (!touched || !isBlankItem(values.title, values.content)) return {};
      const said = t('form.titleOrContent');
      return { title: said, content: said };
    },
    useSave: itemResource(type).useSave,
    onSaved: props.onSaved,
  });
  const { form, setUploads } = state;

  const tagData = useTagChoices(t('filters.untitled'), false);
  const categoryData = useCategoryChoices(t('filters.untitled'));

  const rtl = form.values.language === 'ar';
  return (
    <EntityForm state={state} onCancel={props.onCancel}>
      <TextInput
        label={t('form.title')}
        dir={textDir(form.values.language)}
        lang={form.values.language}
        {...form.getInputProps('title')}
        key={form.key('title')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          type="date"
          label={t('form.date')}
          description={
            item ? (
              <PhotoDateHint
                files={item.files}
                value={form.values.date}
                onUse={(day) => form.setFieldValue('date', day)}
              />
            ) : (
              t('form.dateHint')
            )
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          {...form.getInputProps('date')}
        />
        <Select
          label={t('form.language')}
          data={languages.map((lang) => ({ value: lang, label: t(`languages.${lang}`) }))}
          allowDeselect={false}
          {...form.getInputProps('language')}
        />
        <Input.Wrapper
          label={t('status.label')}
          labelElement="div"
          labelProps={{ id: `${contentLabelId}-status` }}
        >
          <SegmentedControl
            fullWidth
            aria-labelledby={`${contentLabelId}-status`}
            data={ITEM_STATUSES.map((status) => ({
              value: status,
              label: t(`status.${status}`),
            }))}
            value={form.values.status}
            onChange={(value) => form.setFieldValue('status', value as ItemStatus)}
          />
        </Input.Wrapper>
      </SimpleGrid>
      <OwnFieldInputs type={type} form={form} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ParticipantsInput label={t('form.from')} {...form.getInputProps('from')} />
        <ParticipantsInput label={t('form.to')} {...form.getInputProps('to')} />
        <MultiSelect
          label={t('form.tags')}
          data={tagData}
          searchable
          clearable
          nothingFoundMessage={t('filters.nothingFound')}
          {...form.getInputProps('tags')}
        />
        <TreeSelect
          mode="multiple"
          label={t('form.categories')}
          data={categoryData}
          searchable
          clearable
          defaultExpandAll
          nothingFoundMessage={t('filters.nothingFound')}
          value={form.values.categories}
          onChange={(value) => form.setFieldValue('categories', value)}
          error={form.errors.categories}
        />
      </SimpleGrid>
      <PlaceField
        value={form.values.place}
        onChange={(place) => form.setFieldValue('place', place)}
        photo={item ? photoPosition(item.files) : null}
        error={placeError(form.errors)}
      />
      <Input.Wrapper
        label={t('form.content')}
        labelElement="div"
        labelProps={{ id: `${contentLabelId}-label` }}
        error={form.errors.content}
      >
        <Suspense fallback={<Skeleton height={290} radius="sm" />}>
          <RichTextEditor
            value={initial.content}
            onChange={(html) => form.setFieldValue('content', html)}
            labelId={`${contentLabelId}-label`}
            lang={form.values.language}
            dir={rtl ? 'rtl' : 'ltr'}
            invalid={Boolean(form.errors.content)}
          />
        </Suspense>
      </Input.Wrapper>
      <FileDropField
        inputId={`${contentLabelId}-files`}
        label={t('files.add')}
        description={t('files.hint')}
        onChange={setUploads}
      />
    </EntityForm>
  );
}
