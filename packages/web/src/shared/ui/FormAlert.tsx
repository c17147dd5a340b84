import { Alert, type MantineSpacing } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { AlertIcon } from './icons';

interface FormAlertProps {
  /** A message, or the error of a failed request (its server message is shown). */
  message: unknown;
  color?: 'red' | 'green' | 'blue' | 'yellow';
  title?: string;
  /** Success messages take the focus so keyboard and screen-reader users land on them. */
  focus?: boolean;
  mb?: MantineSpacing;
}

function textOf(message: unknown): string | null {
  if (!message) return null;
  return message instanceof Error ? message.message : String(message);
}

/**
 * The one form-level message (a failure the fields do not show, throttling, an expired link, a
 * confirmation), announced to assistive technology. Renders nothing without a message.
 */
export function FormAlert({ message, color = 'red', title, focus = false, mb }: FormAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  const text = textOf(message);
  useEffect(() => {
    if (text && focus) ref.current?.focus();
  }, [text, focus]);
  if (!text) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color={color}
      title={title}
      icon={color === 'red' ? <AlertIcon /> : undefined}
      role={color === 'red' ? 'alert' : 'status'}
      variant="light"
      mb={mb}
    >
      {text}
    </Alert>
  );
}
