import { useLocalStorage } from '@mantine/hooks';

export type ListView = 'grid' | 'list';

/** The medias list's view, remembered on this device. */
export function useListView(): [ListView, (view: ListView) => void] {
  const [view, setView] = useLocalStorage<ListView>({
    key: 'kinfolio-medias-view',
    defaultValue: 'grid',
    getInitialValueInEffect: false,
  });
  return [view === 'list' ? 'list' : 'grid', setView];
}
