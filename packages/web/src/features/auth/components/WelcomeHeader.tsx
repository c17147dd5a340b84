import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';

export function WelcomeHeader() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap={6} align="center" ta="center">
      <Title order={1}>{t('welcome.title')}</Title>
      <Text size="lg" fw={500}>
        {t('welcome.tagline')}
      </Text>
      <Text c="dimmed" size="sm" maw={420}>
        {t('welcome.body')}
      </Text>
    </Stack>
  );
}
