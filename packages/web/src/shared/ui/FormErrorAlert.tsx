import { Alert } from '@mantine/core';
import { isApiError } from '@/shared/api/client';
import { AlertIcon } from './icons';

/**
 * Form-level error banner for requests sent with `validationCheck: true`: shows the server's
 * message (field errors belong next to their inputs). Renders nothing without an error.
 */
export function FormErrorAlert({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const message = isApiError(error) || error instanceof Error ? error.message : String(error);
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} title={title} role="alert" mb="md">
      {message}
    </Alert>
  );
}
