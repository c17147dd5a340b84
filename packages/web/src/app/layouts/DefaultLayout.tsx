import { Box, Group } from '@mantine/core';
import { Brand } from './Brand';
import { ColorSchemeToggle, LanguagePicker } from './LightHeaderControls';
import { PageTransition } from './PageTransition';
import { MAIN_ID, SkipLink } from './SkipLink';

/** The logged-out layout: a slim header with language and colour scheme, centred content. */
export function DefaultLayout() {
  return (
    <Box className="kf-default">
      <SkipLink />
      <Box component="header" className="kf-default-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand to="/" />
          <Group gap={4} wrap="nowrap">
            <LanguagePicker />
            <ColorSchemeToggle />
          </Group>
        </Group>
      </Box>
      <Box component="main" id={MAIN_ID} tabIndex={-1} className="kf-default-main">
        <Box className="kf-default-content">
          <PageTransition />
        </Box>
      </Box>
    </Box>
  );
}
