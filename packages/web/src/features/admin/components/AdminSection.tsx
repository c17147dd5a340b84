import { Skeleton, Stack, Text, type StackProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { FormAlert } from '@/shared/ui';

/**
 * A titled part of an admin screen: its heading (`<words>.title`) names the section, and an intro
 * (`<words>.intro`) may say what it is for.
 */
export function AdminSection({
  words,
  intro = false,
  gap = 'xs',
  children,
}: {
  /** Where its wording sits in the admin namespace (`backup.schedule`). */
  words: string;
  intro?: boolean;
  gap?: StackProps['gap'];
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  return (
    <Stack gap={gap} component="section" aria-labelledby={id}>
      <Text id={id} component="h2" fw={700} size="lg">
        {t(`${words}.title`)}
      </Text>
      {intro ? (
        <Text size="sm" maw={640}>
          {t(`${words}.intro`)}
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
