import { Box, Container, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';

/** The narrow centred column every logged-out screen uses. */
export function AuthPage({ children }: { children: ReactNode }) {
  return (
    <Container size={480} px="md" py={{ base: 'lg', sm: 48 }} w="100%">
      <Stack gap="lg">{children}</Stack>
    </Container>
  );
}

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  /** 1 when the card is the page's main heading, 2 under a page header. */
  titleOrder?: TitleOrder;
  children: ReactNode;
}

export function AuthCard({ title, description, titleOrder = 1, children }: AuthCardProps) {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (titleOrder === 1) document.title = `${title} · ${t('appName')}`;
  }, [title, titleOrder, t]);
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Title order={titleOrder} size="h3">
        {title}
      </Title>
      {description ? (
        <Text c="dimmed" size="sm" mt={6}>
          {description}
        </Text>
      ) : null}
      <Box mt="lg">{children}</Box>
    </Paper>
  );
}
