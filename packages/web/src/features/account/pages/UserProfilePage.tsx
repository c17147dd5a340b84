import { Badge, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import { useSession } from '@/shared/session';
import { PageTitle } from '@/shared/ui';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { EmailVerification } from '../components/EmailVerification';
import { LinkedAccountsSection } from '../components/LinkedAccountsCard';
import { ProfilePictureCard } from '../components/PictureCards';
import { ProfileForm } from '../components/ProfileForm';
import { SectionCard } from '../components/SectionCard';
import { formatDate } from '../format';

export default function UserProfilePage() {
  const { t, i18n } = useTranslation('account');
  const { user } = useSession();

  if (!user) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  }

  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle>{t('profile.title')}</PageTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="lg">
          <SectionCard title={t('picture.title')} description={t('picture.description')}>
            <ProfilePictureCard user={user} />
          </SectionCard>
          <SectionCard title={t('profile.section')} description={t('profile.description')}>
            <ProfileForm key={user.id} user={user} />
          </SectionCard>
          <SectionCard title={t('verification.title')}>
            <EmailVerification user={user} />
          </SectionCard>
        </Stack>
        <Stack gap="lg">
          <SectionCard title={t('password.title')} description={t('password.description')}>
            <ChangePasswordForm />
          </SectionCard>
          <LinkedAccountsSection />
          <SectionCard title={t('details.title')}>
            <Stack gap="sm">
              <Text size="sm">
                {t('details.memberSince', { date: formatDate(user.created_at, i18n.language) })}
              </Text>
              <Text size="sm" fw={500} id="profile-permissions">
                {t('details.permissions')}
              </Text>
              {user.permissions.length > 0 ? (
                <Group gap="xs" role="list" aria-labelledby="profile-permissions">
                  {user.permissions.map((permission) => (
                    <Badge key={permission} variant="light" role="listitem">
                      {t(`permissions.${permission}`, { defaultValue: permission })}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('details.noPermissions')}
                </Text>
              )}
            </Stack>
          </SectionCard>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
