import { Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/react';
import type { Themecolors } from '@kinfolio/contract';
import { contrastRatio, readableOn } from '@/shared/theme';
import { AlertIcon } from '@/shared/ui';

/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;
const HEX = /^#[0-9a-f]{6}$/i;

const PAIRS = [
  ['maincolor', 'modulomaincolor'],
  ['primarycolor', 'moduloprimarycolor'],
  ['secondarycolor', 'modulosecondarycolor'],
] as const;

/**
 * A miniature of the app in the chosen colours, painted as the app paints them (an unreadable text
 * colour is replaced), with a warning for each such pair.
 */
export function ThemePreview({ colors }: { colors: Themecolors }) {
  const { t } = useTranslation('account');
  const textOn = (bg: keyof Themecolors, fg: keyof Themecolors) =>
    HEX.test(colors[bg]) && HEX.test(colors[fg]) ? readableOn(colors[bg], colors[fg]) : colors[fg];
  const paint = ([bg, fg]: (typeof PAIRS)[number]) => ({
    background: colors[bg],
    color: textOn(bg, fg),
  });
  const [main, primary, secondary] = PAIRS;
  const weak = PAIRS.filter(
    ([bg, fg]) =>
      HEX.test(colors[bg]) &&
      HEX.test(colors[fg]) &&
      contrastRatio(colors[bg], colors[fg]) < MIN_CONTRAST,
  );

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-hidden="true">
        <Box px="md" py="sm" style={paint(main)}>
          <Text fw={700}>{t('preview.header')}</Text>
        </Box>
        <Group p="md" gap="sm">
          <Button style={paint(primary)} component="div">
            {t('preview.primary')}
          </Button>
          <Button style={paint(secondary)} component="div">
            {t('preview.secondary')}
          </Button>
          <Badge style={paint(secondary)}>{t('preview.badge')}</Badge>
        </Group>
      </Paper>
      {weak.map(([bg]) => (
        <Text key={bg} size="sm" c="var(--mantine-color-orange-text)" role="status">
          <AlertIcon size={14} style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
          {t('preview.lowContrast', { name: t(`colors.${bg}`) })}
        </Text>
      ))}
    </Stack>
  );
}
