import { AppShell, BackgroundImage, Burger, Drawer, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { LIMITS } from '@kinfolio/contract';
import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { QuickSearch } from '@/features/archive/components/QuickSearch';
import { updateSiteparams, useSession } from '@/shared/session';
import { LOGGED_IN_HOME } from '../routing/guards';
import { Brand } from './Brand';
import { ColorSchemeToggle, LanguagePicker } from './HeaderControls';
import { NavbarContent } from './Navbar';
import { PageTransition } from './PageTransition';
import { ShareDialogSlot } from './ShareDialogSlot';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useIsMobile, useSmallScreen } from '@/shared/ui/device';
import { useDrawnOnceOpened } from '@/shared/ui/drawnOnceOpened';
import { MAIN_ID, SkipLink } from './SkipLink';
import { UserMenu } from './UserMenu';
import { AddMenu } from './AddMenu';

const NAV_EXPANDED = 248;
const NAV_COLLAPSED = 68;

/** The logged-in layout ("famillelayout"): header, side navigation, main content. */
export function FamilleLayout() {
  const { t } = useTranslation('layout');
  const { user, isAdmin } = useSession();
  const [drawerOpened, drawer] = useDisclosure(false);
  const small = useSmallScreen();
  // A touch-capable device is flagged mobile and gets the drawer layout at any width.
  const mobile = useIsMobile();
  const pathname = useLocation({ select: (l) => l.pathname });
  const left = user?.siteparams.isnavbarleft ?? true;
  const expanded = user?.siteparams.isnavbarexpanded ?? true;

  const navDrawer = useDrawnOnceOpened(drawerOpened && mobile);
  // `drawer` itself is a new object on every render; depending on it closed the drawer again
  // right after the burger opened it. `close` is stable: this runs on navigation and on resize.
  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [pathname, mobile, closeDrawer]);

  const sideConfig = {
    width: expanded ? NAV_EXPANDED : NAV_COLLAPSED,
    breakpoint: LIMITS.smallScreenPx,
    collapsed: { mobile: true, desktop: mobile },
  };
  const navContent = (
    <NavbarContent
      isAdmin={isAdmin}
      expanded={expanded}
      left={left}
      withControls
      onToggleExpanded={() => void updateSiteparams({ isnavbarexpanded: !expanded })}
      onToggleSide={() => void updateSiteparams({ isnavbarleft: !left })}
    />
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={left ? sideConfig : undefined}
      aside={left ? undefined : sideConfig}
      padding={{ base: 'sm', sm: 'lg' }}
      className="kf-famille"
      data-mobile={mobile || undefined}
    >
      <SkipLink />
      <ShortcutsDialog />
      <ShareDialogSlot />
      <AppShell.Header className="kf-header">
        <Group h="100%" px="md" gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" style={{ order: left ? 0 : 1 }}>
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom={mobile ? undefined : 'sm'}
              size="sm"
              color="var(--kf-on-main)"
              aria-label={drawerOpened ? t('header.closeMenu') : t('header.openMenu')}
              aria-expanded={drawerOpened}
              aria-controls="kf-nav-drawer"
            />
            <Brand to={LOGGED_IN_HOME} />
          </Group>
          <Group gap={4} wrap="nowrap">
            <AddMenu />
            <QuickSearch />
            <LanguagePicker />
            <ColorSchemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      {/* Collapsed on a mobile device, where the drawer has the navigation: not drawn there. */}
      {left ? (
        <AppShell.Navbar className="kf-sidebar" component="div">
          {mobile ? null : navContent}
        </AppShell.Navbar>
      ) : (
        <AppShell.Aside className="kf-sidebar" component="div">
          {mobile ? null : navContent}
        </AppShell.Aside>
      )}
      {navDrawer.drawn ? (
        <Drawer
          id="kf-nav-drawer"
          opened={navDrawer.open}
          onClose={drawer.close}
          position={left ? 'left' : 'right'}
          size={280}
          title={t('nav.label')}
          classNames={{ content: 'kf-sidebar', header: 'kf-drawer-header' }}
          closeButtonProps={{ 'aria-label': t('header.closeMenu') }}
        >
          <NavbarContent
            isAdmin={isAdmin}
            expanded
            left={left}
            withControls={false}
            onNavigate={drawer.close}
          />
        </Drawer>
      ) : null}
      <AppShell.Main id={MAIN_ID} tabIndex={-1} className="kf-main">
        {user?.site_picture ? (
          // The user's own banner (their site picture): decoration, so hidden from screen readers.
          <BackgroundImage
            src={small ? user.site_picture.medium : user.site_picture.large}
            radius="md"
            h={small ? 72 : 120}
            mb={small ? 'sm' : 'md'}
            aria-hidden
            className="kf-site-banner"
            data-testid="site-banner"
          />
        ) : null}
        <PageTransition />
      </AppShell.Main>
    </AppShell>
  );
}
