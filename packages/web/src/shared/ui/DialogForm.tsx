import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { i18n } from '@/shared/i18n';
import { FormAlert } from './FormAlert';

export interface DialogActionsProps {
  cancelLabel: string;
  onCancel: () => void;
  /** The action's words ("Create", "Divide"). */
  label: string;
  loading: boolean;
  disabled?: boolean;
  /** Cancel has nothing to undo (a form not changed yet). */
  cancelDisabled?: boolean;
  /** The action when it is not the form's submission (a choice made with radios). */
  onConfirm?: () => void;
}

/** The last row of a dialog or form: cancel, then the action. */
export function DialogActions({
  cancelLabel,
  onCancel,
  label,
  loading,
  disabled,
  cancelDisabled,
  onConfirm,
}: DialogActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="subtle" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        loading={loading}
        disabled={disabled}
      >
        {label}
      </Button>
    </Group>
  );
}

/** What `useServerForm` gives a dialog's form. */
interface ServerFormLike {
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  formError: unknown;
  form: { submitting: boolean };
}

/** A dialog's form: its refusal on top, its fields, then cancel and the action. */
export function DialogForm({
  server,
  formError = server.formError,
  cancelLabel = i18n.t('common:actions.cancel'),
  onCancel,
  label,
  children,
}: {
  server: ServerFormLike;
  /** Another refusal than the server's (one message for the whole action). */
  formError?: unknown;
  cancelLabel?: string;
  onCancel: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={server.submit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} mb="md" />
        {children}
        <DialogActions
          cancelLabel={cancelLabel}
          onCancel={onCancel}
          label={label}
          loading={server.form.submitting}
        />
      </Stack>
    </form>
  );
}
