import { Title, type TitleProps } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';

/**
 * The page's h1, also mirrored in the document title ("Title · Kinfolio"). `shown` shows the
 * same words with markup (an item title in its own direction) where plain text would not do.
 */
export function PageTitle({
  children,
  shown,
  ...props
}: TitleProps & { children: string; shown?: ReactNode }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = `${children} · ${t('appName')}`;
  }, [children, t]);
  return (
    <Title order={1} size="h2" mb="md" {...props}>
      {shown ?? children}
    </Title>
  );
}
