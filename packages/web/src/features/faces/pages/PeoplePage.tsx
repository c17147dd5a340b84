import '@/shared/faces/faces.css';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { faceQueries } from '@/shared/faces/api';
import { useTranslation } from '@/shared/i18n/react';
import { QueryState } from '@/shared/ui';
import { PeopleTabs } from '../components/PeopleTabs';

/** `/people`: everybody named in a photo, as a round crop of their face with their photo count. */
export default function PeoplePage() {
  const { t } = useTranslation('faces');
  const people = useQuery(faceQueries.people());
  return (
    <PeopleTabs active="people">
      <QueryState
        query={people}
        error={t('people.error')}
        isEmpty={(list) => list.length === 0}
        empty={t('people.empty')}
      >
        {(list) => (
          <ul className="kf-people-grid">
            {list.map((person) => (
              <li key={person.id}>
                <Link
                  to="/people/$id"
                  params={{ id: String(person.id) }}
                  className="kf-person-card"
                >
                  <img className="kf-face-crop" src={person.face.crop_url} alt="" loading="lazy" />
                  <Text fw={600} size="sm" lineClamp={2} dir="auto">
                    {person.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('people.photos', { count: person.photos })}
                  </Text>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </PeopleTabs>
  );
}
