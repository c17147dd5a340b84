import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import { useNavigate } from '@tanstack/react-router';
import { HomeIcon } from '@/shared/ui/icons';

interface ErrorScreenProps {
  statusCode: number;
  message?: string;
  /** Extra line under the message, e.g. the path of an unmatched address. */
  detail?: string;
}

/** The global error screen: 500 and 404 have their own wording, others show the code. */
export function ErrorScreen({ statusCode, message, detail }: ErrorScreenProps) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  let title: string;
  let text: string | undefined;
  if (statusCode === 500) {
    title = t('screen.500.title');
    text = t('screen.500.message');
  } else if (statusCode === 404) {
    title = t('screen.404.title');
    text = t('screen.404.message');
  } else {
    title = t('screen.requestError');
    text = message || undefined;
  }
  return (
    <Container size="sm" py="xl" className="kf-error-screen">
      <Stack align="center" gap="md" ta="center">
        <Text
          component="p"
          fz={64}
          fw={800}
          lh={1}
          c="dimmed"
          aria-label={t('screen.code', { code: statusCode })}
        >
          {statusCode}
        </Text>
        <Title order={1} size="h2">
          {title}
        </Title>
        {text && (
          <Text c="dimmed" maw={480}>
            {text}
          </Text>
        )}
        {detail && (
          <Text size="sm" ff="monospace" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {detail}
          </Text>
        )}
        <Button leftSection={<HomeIcon />} onClick={() => void navigate({ to: '/' })} mt="sm">
          {t('screen.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}
