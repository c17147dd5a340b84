import { Group, Text } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';

/** What the warmth of a day or bar means: from none to the most in view. */
export function HeatLegend() {
  const { t } = useTranslation('planning');
  return (
    <Group gap={4} wrap="nowrap" className="kf-heat-legend">
      <Text size="xs" c="dimmed">
        {t('heat.less')}
      </Text>
      {[0, 1, 2, 3, 4].map((level) => (
        <span key={level} className="kf-heat kf-heat-swatch" data-heat={level} aria-hidden="true" />
      ))}
      <Text size="xs" c="dimmed">
        {t('heat.more')}
      </Text>
    </Group>
  );
}
