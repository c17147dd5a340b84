import { Button, Group, NumberInput, Stack, type NumberInputProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '@/shared/ui';

/** A settings form: the form's refusal, its fields, and a save button (off until something changed). */
export function SettingsForm({
  server,
  saving,
  saveLabel,
  startsSomething = false,
  children,
}: {
  /** What `useServerForm` gave. */
  server: {
    submit: (event?: FormEvent<HTMLFormElement>) => void;
    formError: unknown;
    form: { isDirty: () => boolean };
  };
  saving: boolean;
  saveLabel: string;
  /** The form starts something (an export) rather than saving settings: its button is always on. */
  startsSomething?: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={server.submit} noValidate>
      <Stack gap="sm" maw={560}>
        <FormAlert message={server.formError} />
        {children}
        <Group>
          <Button
            type="submit"
            loading={saving}
            disabled={!startsSomething && !server.form.isDirty()}
          >
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
