import { Stack } from '@mantine/core';
import type { ContentLanguage } from '@kinfolio/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import type { UploadState } from '@/shared/content/FileDropZone';
import { FormSaveBar } from '@/shared/content/FormParts';
import { useServerForm } from '@/shared/forms/useServerForm';
import { zodValidate } from '@/shared/forms/validation';
import { useTranslation } from '@/shared/i18n/react';
import { FormAlert } from '@/shared/ui';
import type { EntitySave } from './resource';

/** What every kind's form is given by its page. */
export interface EntityFormProps<Entity> {
  /** The entry being edited; null to create one. */
  entity: Entity | null;
  defaultLanguage: ContentLanguage;
  onSaved: (entity: Entity) => void;
  onCancel: () => void;
}

interface EntityFormOptions<Values, Entity, Create, Update> {
  /** The entry being edited; null to create one. */
  entity: Entity | null;
  initialValues: Values;
  /** The form's fields, in the order server errors are placed and the focus moves. */
  fields: readonly string[];
  /** Server field names that differ from the form's. */
  rename?: Record<string, string>;
  /** The bodies the values make, and the contract's schemas that check them before sending. */
  create: { body: (values: Values) => Create; schema: z.ZodType };
  /** Only what changed: an untouched form sends nothing (and makes no revision). */
  update: { body: (values: Values) => Update; schema: z.ZodType };
  /** The kind's own rules beyond the schemas (field paths to messages). */
  check?: (values: Values) => Record<string, string>;
  /** The kind's save (its resource's `useSave`). */
  useSave: () => UseMutationResult<Entity, Error, EntitySave<Entity, Create, Update>>;
  onSaved: (entity: Entity) => void;
}

/**
 * An entry form's state, the same for every kind: checked by the contract's schemas, saved with
 * its finished uploads (refused while some still run), server errors under their fields.
 */
export function useEntityForm<Values extends Record<string, unknown>, Entity, Create, Update>(
  options: EntityFormOptions<Values, Entity, Create, Update>,
) {
  const { t } = useTranslation('archive');
  const { entity, create, update } = options;
  const [uploads, setUploads] = useState<UploadState>({ serverIds: [], busy: false });
  const save = options.useSave();
  const server = useServerForm<Values>({
    initialValues: options.initialValues,
    validate: (values) => ({
      ...options.check?.(values),
      ...(entity
        ? zodValidate(update.schema)(update.body(values))
        : zodValidate(create.schema)(create.body(values))),
    }),
    fields: options.fields,
    rename: options.rename,
    send: async (values) => {
      if (uploads.busy) {
        server.setFormError(t('files.stillUploading'));
        return;
      }
      const sent = { uploads: uploads.serverIds };
      options.onSaved(
        await save.mutateAsync(
          entity
            ? { ...sent, entity, changes: update.body(values) }
            : { ...sent, create: create.body(values) },
        ),
      );
    },
  });
  return { ...server, isNew: entity === null, uploads, setUploads };
}

/** An entry form: its alert, the kind's inputs, then cancel and save. */
export function EntityForm({
  state,
  onCancel,
  children,
}: {
  state: Pick<ReturnType<typeof useEntityForm>, 'submit' | 'formError' | 'isNew' | 'uploads'> & {
    form: { submitting: boolean };
  };
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={state.submit} noValidate>
      <Stack gap="md">
        <FormAlert message={state.formError} mb="md" />
        {children}
        <FormSaveBar
          isNew={state.isNew}
          submitting={state.form.submitting}
          busy={state.uploads.busy}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
