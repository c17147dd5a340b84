import {
  Anchor,
  Box,
  Center,
  Container,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  type MantineSpacing,
  type TitleOrder,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
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

/** The line under a card's form: a link elsewhere, after a question when there is one. */
export function AuthCardLink({
  to,
  label,
  prompt,
}: {
  to: '/' | '/register';
  label: string;
  prompt?: string;
}) {
  return (
    <Text size="sm" ta="center" mt="lg">
      {prompt ? `${prompt} ` : null}
      <Anchor component={Link} to={to} fw={500}>
        {label}
      </Anchor>
    </Text>
  );
}

/** The way back from the screens a mailed link or a forgotten password opens. */
export function BackToLogin() {
  const { t } = useTranslation('auth');
  return <AuthCardLink to="/" label={t('common.backToLogin')} />;
}

/** What a card shows while the state it depends on loads. */
export function AuthLoading({ py = 'md' }: { py?: MantineSpacing }) {
  const { t } = useTranslation('auth');
  return (
    <Center py={py}>
      <Loader role="status" aria-label={t('common.loading')} />
    </Center>
  );
}
