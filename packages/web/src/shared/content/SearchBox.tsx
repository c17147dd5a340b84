import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from '@/shared/ui';

interface SearchBoxProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The search of the address (query parameter). */
  value: string | undefined;
  /** A new search to put in the address (undefined when cleared). */
  onSearch: (search: string | undefined) => void;
}

/**
 * A list's search box: it updates the address once typing pauses (or at Enter), and follows the
 * address when it changes otherwise (back button, a link).
 */
export function SearchBox({ value, onSearch, ...props }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  const [debounced] = useDebouncedValue(text, 350);
  const lastSent = useRef(value ?? '');
  useEffect(() => {
    const fromUrl = value ?? '';
    if (fromUrl !== lastSent.current) {
      lastSent.current = fromUrl;
      setText(fromUrl);
    }
  }, [value]);
  useEffect(() => {
    if (debounced === lastSent.current) return;
    lastSent.current = debounced;
    onSearch(debounced || undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced text sends
  }, [debounced]);
  return (
    <TextInput
      type="search"
      leftSection={<SearchIcon size={16} />}
      {...props}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          lastSent.current = text;
          onSearch(text || undefined);
        }
      }}
    />
  );
}
