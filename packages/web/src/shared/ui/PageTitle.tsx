import { Title, type TitleProps } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's h1, also mirrored in the document title ("Title · Kinfolio"). */
export function PageTitle({ children, ...props }: TitleProps & { children: string }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = `${children} · ${t('appName')}`;
  }, [children, t]);
  return (
    <Title order={1} size="h2" mb="md" {...props}>
      {children}
    </Title>
  );
}
