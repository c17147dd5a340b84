import { TextInput } from '@mantine/core';

/** The search box above a list: labelled, its words handed over as typed, full width on a phone. */
export function SearchField({
  label,
  placeholder,
  description,
  value,
  onChange,
}: {
  label: string;
  placeholder?: string;
  /** A hint under the box (a search too short to run). */
  description?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      description={description}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', sm: 360 }}
    />
  );
}
