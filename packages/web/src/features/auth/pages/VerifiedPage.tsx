import { Alert, Button } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from '@/shared/i18n/react';
import { CheckIcon, ErrorIcon, InfoIcon } from '@/shared/ui/icons';
import { AuthCard, AuthPage } from '../components/AuthCard';

const STATUSES = {
  verified: { color: 'green', Icon: CheckIcon },
  already: { color: 'blue', Icon: InfoIcon },
  invalid: { color: 'red', Icon: ErrorIcon },
} as const;
type Status = keyof typeof STATUSES;

function readStatus(search: unknown): Status {
  const value = (search as Record<string, unknown> | undefined)?.status;
  return typeof value === 'string' && value in STATUSES ? (value as Status) : 'invalid';
}

/** Where the mailed verification link lands after the server checked it. */
export default function VerifiedPage() {
  const { t } = useTranslation('auth');
  const status = readStatus(useSearch({ strict: false }));
  const { color, Icon } = STATUSES[status];

  return (
    <AuthPage>
      <AuthCard title={t(`verified.${status}.title`)}>
        <Alert
          color={color}
          variant="light"
          icon={<Icon size={20} />}
          role={status === 'invalid' ? 'alert' : 'status'}
        >
          {t(`verified.${status}.message`)}
        </Alert>
        <Button component={Link} to="/" mt="lg" fullWidth variant="light">
          {t('verified.home')}
        </Button>
      </AuthCard>
    </AuthPage>
  );
}
