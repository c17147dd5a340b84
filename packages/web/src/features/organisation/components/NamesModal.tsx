import { Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import {
  ORGANISATION_LIMITS,
  UI_LANGUAGES,
  type TranslatedName,
  type UiLanguage,
} from '@kinfolio/contract';
import { useServerForm } from '@/shared/forms/useServerForm';
import { LANGUAGE_LABELS } from '@/shared/i18n';
import { DialogForm, Dialog } from '@/shared/ui';
import { useUiLanguage } from '../hooks';

type NameValues = Record<UiLanguage, string> & { parent: string | null };

export interface NamesSubmit {
  /** Every language: a trimmed name, or null to leave (or make) it empty. */
  name: TranslatedName;
  parent_id: number | null;
}

interface NamesModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  initialName?: TranslatedName | null;
  /** With options, a parent picker is shown ('' = top level). */
  parentOptions?: { value: string; label: string }[];
  initialParent?: number | null;
  onSubmit: (values: NamesSubmit) => Promise<unknown>;
}

const SERVER_FIELDS = [...UI_LANGUAGES, 'parent'] as const;
const RENAME: Record<string, string> = {
  ...Object.fromEntries(UI_LANGUAGES.map((lng) => [`name.${lng}`, lng])),
  parent_id: 'parent',
};

/** Create or rename a category or tag: one name per interface language, at least one. */
export function NamesModal(props: NamesModalProps) {
  return (
    <Dialog opened={props.opened} onClose={props.onClose} title={props.title} size="lg">
      {/* Mounted per opening, so each form starts from its own initial values. */}
      {props.opened ? <NamesForm {...props} /> : null}
    </Dialog>
  );
}

function NamesForm(props: NamesModalProps) {
  const { onClose, submitLabel, initialName, parentOptions, initialParent, onSubmit } = props;
  const { t } = useTranslation('organisation');
  const uiLanguage = useUiLanguage();
  const languages = [uiLanguage, ...UI_LANGUAGES.filter((lng) => lng !== uiLanguage)];
  const server = useServerForm<NameValues>({
    initialValues: {
      fr: initialName?.fr ?? '',
      en: initialName?.en ?? '',
      it: initialName?.it ?? '',
      de: initialName?.de ?? '',
      parent: initialParent ? String(initialParent) : null,
    },
    validate: (values) => {
      const errors: Record<string, string> = {};
      if (UI_LANGUAGES.every((lng) => !values[lng].trim()))
        errors[uiLanguage] = t('names.atLeastOne');
      for (const lng of UI_LANGUAGES) {
        if (values[lng].trim().length > ORGANISATION_LIMITS.nameMaxLength)
          errors[lng] = t('names.tooLong', { count: ORGANISATION_LIMITS.nameMaxLength });
      }
      return errors;
    },
    fields: SERVER_FIELDS,
    rename: RENAME,
    send: async (values) => {
      const name = Object.fromEntries(
        UI_LANGUAGES.map((lng) => [lng, values[lng].trim() || null]),
      ) as TranslatedName;
      await onSubmit({ name, parent_id: values.parent ? Number(values.parent) : null });
      onClose();
    },
  });
  const { form } = server;

  return (
    <DialogForm server={server} onCancel={onClose} label={submitLabel}>
      <Text size="sm" c="dimmed">
        {t('names.hint')}
      </Text>
      {languages.map((lng, index) => (
        <TextInput
          key={lng}
          label={t('names.label', { language: LANGUAGE_LABELS[lng] })}
          lang={lng}
          data-autofocus={index === 0 || undefined}
          {...form.getInputProps(lng)}
        />
      ))}
      {parentOptions ? (
        <Select
          label={t('categories.parent')}
          placeholder={t('categories.topLevel')}
          data={parentOptions}
          searchable
          clearable
          nothingFoundMessage={t('categories.noParentMatch')}
          {...form.getInputProps('parent')}
        />
      ) : null}
    </DialogForm>
  );
}
