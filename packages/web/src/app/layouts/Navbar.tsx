import { Box, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { ChevronIcon, SwapIcon } from '@/shared/ui/icons';
import { useCan } from '@/shared/organisation/hooks';
import { visibleSections } from './navItems';

interface NavbarContentProps {
  isAdmin: boolean;
  expanded: boolean;
  left: boolean;
  /** Only on wide screens: the drawer on small screens is always expanded. */
  withControls: boolean;
  onToggleExpanded?: () => void;
  onToggleSide?: () => void;
  onNavigate?: () => void;
}

export function NavbarContent({
  isAdmin,
  expanded,
  left,
  withControls,
  onToggleExpanded,
  onToggleSide,
  onNavigate,
}: NavbarContentProps) {
  const { t } = useTranslation('layout');
  const pathname = useLocation({ select: (l) => l.pathname });
  const canEdit = useCan('content.edit');
  return (
    <Box component="nav" aria-label={t('nav.label')} className="kf-nav" data-expanded={expanded}>
      {/* The browser's own scrolling: Mantine's ScrollArea measured itself on every resize
          (a forced layout each time, and at start), for a menu that rarely overflows. */}
      <div className="kf-nav-scroll">
        {visibleSections(isAdmin, canEdit).map((section) => (
          <Box key={section.labelKey} mb="md">
            {expanded ? (
              <Text component="h2" className="kf-nav-section">
                {t(section.labelKey)}
              </Text>
            ) : null}
            <Stack gap={2} component="ul" className="kf-nav-list">
              {section.items.map((item) => {
                const active = pathname.startsWith(item.activePrefix ?? item.to);
                const Icon = item.icon;
                const label = t(item.labelKey);
                const link = (
                  <Link
                    to={item.to}
                    className="kf-nav-link"
                    data-active={active || undefined}
                    aria-current={active ? 'page' : undefined}
                    aria-label={expanded ? undefined : label}
                    onClick={onNavigate}
                  >
                    <Icon size={20} />
                    {expanded ? <span>{label}</span> : null}
                  </Link>
                );
                return (
                  <li key={item.to}>
                    {expanded ? (
                      link
                    ) : (
                      <Tooltip label={label} position={left ? 'right' : 'left'}>
                        {link}
                      </Tooltip>
                    )}
                  </li>
                );
              })}
            </Stack>
          </Box>
        ))}
      </div>
      {withControls ? (
        <Stack gap={2} className="kf-nav-controls">
          <NavControl
            label={left ? t('nav.moveRight') : t('nav.moveLeft')}
            expanded={expanded}
            left={left}
            onClick={onToggleSide}
            icon={<SwapIcon size={20} />}
          />
          <NavControl
            label={expanded ? t('nav.collapse') : t('nav.expand')}
            expanded={expanded}
            left={left}
            onClick={onToggleExpanded}
            ariaExpanded={expanded}
            icon={<ChevronIcon size={20} direction={expanded === left ? 'left' : 'right'} />}
          />
        </Stack>
      ) : null}
    </Box>
  );
}

function NavControl(props: {
  label: string;
  expanded: boolean;
  left: boolean;
  icon: ReactNode;
  ariaExpanded?: boolean;
  onClick?: () => void;
}) {
  const button = (
    <UnstyledButton
      className="kf-nav-link"
      onClick={props.onClick}
      aria-label={props.expanded ? undefined : props.label}
      aria-expanded={props.ariaExpanded}
    >
      {props.icon}
      {props.expanded ? <span>{props.label}</span> : null}
    </UnstyledButton>
  );
  if (props.expanded) return button;
  return (
    <Tooltip label={props.label} position={props.left ? 'right' : 'left'}>
      {button}
    </Tooltip>
  );
}
