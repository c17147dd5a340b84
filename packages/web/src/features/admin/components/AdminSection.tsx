import { Skeleton, Stack, Text, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormAlert } from '@/shared/ui';

/** A titled part of an admin screen: its heading names the section, an intro may say what for. */
export function AdminSection({
  id,
  title,
  intro,
  gap = 'xs',
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  gap?: StackProps['gap'];
  children: ReactNode;
}) {
  return (
    <Stack gap={gap} component="section" aria-labelledby={id}>
      <Text id={id} component="h2" fw={700} size="lg">
        {title}
      </Text>
      {intro ? (
        <Text size="sm" maw={640}>
          {intro}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}

/** Settings read from the server: their form once loaded, the refusal, or a placeholder. */
export function LoadedSettings<Data>({
  query,
  error,
  height,
  children,
}: {
  query: { data?: Data; isError: boolean };
  error: string;
  /** The placeholder's height, about the form's. */
  height: number;
  children: (data: Data) => ReactNode;
}) {
  if (query.data) return children(query.data);
  if (query.isError) return <FormAlert message={error} />;
  return <Skeleton height={height} maw={560} />;
}
