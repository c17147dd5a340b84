import { Button, Group, Stack, type MantineSpacing } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '@/shared/ui';

interface ServerFormProps {
  /** What useServerForm returned: its submit handler, form-level message and pending state. */
  state: {
    submit: (event?: FormEvent<HTMLFormElement>) => void;
    formError: string | null;
    form: { submitting: boolean };
  };
  submitLabel: string;
  /** A page of its own (sign-in, reset) stretches its button; a settings card ends it right. */
  layout?: 'page' | 'card';
  submitDisabled?: boolean;
  /** Below the button (other ways to sign in). */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The frame every server form shares: the form-level alert on top, the fields, and one submit
 * button that is busy while the request runs. Browser validation is off: the contract's schema
 * checks first, in the user's language.
 */
export function ServerForm({
  state,
  submitLabel,
  layout = 'page',
  submitDisabled,
  footer,
  children,
}: ServerFormProps) {
  const mb: MantineSpacing | undefined = layout === 'card' ? 'md' : undefined;
  const button = (
    <Button
      type="submit"
      fullWidth={layout === 'page'}
      loading={state.form.submitting}
      disabled={submitDisabled}
    >
      {submitLabel}
    </Button>
  );
  return (
    <form onSubmit={state.submit} noValidate>
      <Stack gap="md">
        <FormAlert message={state.formError} mb={mb} />
        {children}
        {layout === 'page' ? button : <Group justify="flex-end">{button}</Group>}
        {footer}
      </Stack>
    </form>
  );
}
