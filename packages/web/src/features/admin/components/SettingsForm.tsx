import { Button, Group, NumberInput, Stack, type NumberInputProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '@/shared/ui';

/** A settings form: the form's refusal, its fields, and a save button (off until something changed). */
export function SettingsForm({
  submit,
  formError,
  saving,
  dirty = true,
  saveLabel,
  children,
}: {
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  formError: unknown;
  saving: boolean;
  /** Whether anything differs from what is saved; a form that starts something leaves it on. */
  dirty?: boolean;
  saveLabel: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={560}>
        <FormAlert message={formError} />
        {children}
        <Group>
          <Button type="submit" loading={saving} disabled={!dirty}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A count of days or backups: whole and not negative. */
export function WholeNumberInput(props: NumberInputProps) {
  return <NumberInput allowDecimal={false} allowNegative={false} {...props} />;
}
