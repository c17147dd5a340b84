import { Alert } from '@mantine/core';
import { useEffect, useRef } from 'react';

interface FormAlertProps {
  message: string | null;
  color?: 'red' | 'green' | 'blue' | 'yellow';
  title?: string;
  /** Success messages take the focus so keyboard and screen-reader users land on them. */
  focus?: boolean;
}

/** A form-level message (throttling, expired link, confirmation) announced to assistive tech. */
export function FormAlert({ message, color = 'red', title, focus = false }: FormAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message && focus) ref.current?.focus();
  }, [message, focus]);
  if (!message) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color={color}
      title={title}
      role={color === 'red' ? 'alert' : 'status'}
      variant="light"
    >
      {message}
    </Alert>
  );
}
