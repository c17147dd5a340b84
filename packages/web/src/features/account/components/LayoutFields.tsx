import { Group, Radio, Select, Stack, Switch } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from '@/shared/i18n/react';
import { UI_LANGUAGES, type Siteparams } from '@kinfolio/contract';
import { LANGUAGE_LABELS } from '@/shared/i18n';

interface LayoutFieldsProps {
  inputProps: (key: keyof Siteparams, type?: 'checkbox') => GetInputPropsReturnType;
  navbarLeft: boolean;
  onNavbarSide: (left: boolean) => void;
}

const LANGUAGE_OPTIONS = UI_LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }));

export function LayoutFields({ inputProps, navbarLeft, onNavbarSide }: LayoutFieldsProps) {
  const { t } = useTranslation('account');
  return (
    <Stack gap="lg">
      <Radio.Group
        label={t('interface.navbarSide')}
        value={navbarLeft ? 'left' : 'right'}
        onChange={(value) => onNavbarSide(value === 'left')}
      >
        <Group mt="xs" gap="lg">
          <Radio value="left" label={t('interface.left')} />
          <Radio value="right" label={t('interface.right')} />
        </Group>
      </Radio.Group>
      <Switch
        label={t('interface.navbarExpanded')}
        description={t('interface.navbarExpandedHint')}
        {...inputProps('isnavbarexpanded', 'checkbox')}
      />
      <Switch
        label={t('interface.darkMode')}
        description={t('interface.darkModeHint')}
        {...inputProps('darkMode', 'checkbox')}
      />
      <Select
        label={t('interface.language')}
        data={LANGUAGE_OPTIONS}
        allowDeselect={false}
        checkIconPosition="right"
        maw={320}
        {...inputProps('language')}
      />
    </Stack>
  );
}
