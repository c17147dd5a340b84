import { Kbd, Table, Text } from '@mantine/core';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { Dialog } from '@/shared/ui/Dialog';
import { useDrawnOnceOpened } from '@/shared/ui/drawnOnceOpened';

/** The keys of the app, in the order of the dialog: [keys, what they do]; lower-case names are worded. */
const SHORTCUTS: [string[][], string][] = [
  [[['ctrl', 'K']], 'search'],
  [[['ctrl', 'L']], 'darkMode'],
  [[['j'], ['↓']], 'next'],
  [[['k'], ['↑']], 'previous'],
  [[['enter']], 'open'],
  [[['e']], 'edit'],
  [[['x']], 'select'],
  [[['shift', 'click']], 'range'],
  [[['←'], ['→']], 'pictures'],
  [[['esc']], 'close'],
  [[['?']], 'help'],
];

function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest('input, textarea, select, [contenteditable="true"]') !== null
  );
}

/** `?` anywhere but in a field opens the list of keyboard shortcuts. */
export function ShortcutsDialog() {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typing(event.target)) return;
      event.preventDefault();
      setOpened(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const dialog = useDrawnOnceOpened(opened);
  if (!dialog.drawn) return null;

  // Its wording loads at the first opening: the page does not wait for it (a page that asked for
  // it at start showed a spinner until it came, then rendered everything again).
  return (
    <Suspense fallback={null}>
      <ShortcutsList opened={dialog.open} onClose={() => setOpened(false)} />
    </Suspense>
  );
}

function ShortcutsList({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shortcuts');
  return (
    <Dialog opened={opened} onClose={onClose} title={t('title')} size="lg">
      <Table verticalSpacing={6} striped>
        <Table.Caption>{t('caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('keys')}</Table.Th>
            <Table.Th scope="col">{t('action')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SHORTCUTS.map(([alternatives, name]) => (
            <Table.Tr key={name}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {alternatives.map((keys, i) => (
                  <span key={keys.join('+')}>
                    {i > 0 ? ` ${t('or')} ` : null}
                    {keys.map((key, j) => (
                      <span key={key}>
                        {j > 0 ? ' + ' : null}
                        <Kbd>{/^[a-z]{2,}$/.test(key) ? t(`key.${key}`) : key}</Kbd>
                      </span>
                    ))}
                  </span>
                ))}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`do.${name}`)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Dialog>
  );
}
