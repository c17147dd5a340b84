import { Autocomplete, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { PlaceValue } from '@kinfolio/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/shared/i18n/react';
import { placeQueries } from './api';
import { coordinatesText, parseCoordinates, type Position } from './coordinates';
import { LazyMap } from './map/LazyMap';
import { useMapTiles } from './tiles';
import { useCoordinatesFormat } from './useCoordinatesFormat';

interface PlaceFieldProps {
  value: PlaceValue | null;
  onChange: (place: PlaceValue | null) => void;
  /** Where the entry's first photo was taken (its GPS), offered when the place differs. */
  photo?: Position | null;
  error?: string;
  /** The map's height in pixels (260): a phone's full-screen dialog gives it less. */
  mapHeight?: number;
}

const hasPosition = (place: PlaceValue | null): place is PlaceValue & Position =>
  place !== null && place.latitude !== null && place.longitude !== null;

/** A place from its parts; nothing when it has neither a name nor a position. */
function placeOf(name: string, position: Position | null): PlaceValue | null {
  if (!name.trim() && !position) return null;
  return {
    name: name.trim(),
    latitude: position?.latitude ?? null,
    longitude: position?.longitude ?? null,
  };
}

/**
 * Where an item or a record happened, set three ways: a named place already used (autocomplete of
 * `GET /api/places`), a click or tap on the map, or coordinates pasted; a photo's GPS position is
 * offered when it differs. The map moves with one finger on a phone only with two (the page
 * scrolls with one), and a tap sets the point.
 */
export function PlaceField({
  value,
  onChange,
  photo = null,
  error,
  mapHeight = 260,
}: PlaceFieldProps) {
  const { t } = useTranslation('places');
  const id = useId();
  const tiles = useMapTiles();
  const format = useCoordinatesFormat();
  const name = value?.name ?? '';
  const position = hasPosition(value)
    ? { latitude: value.latitude, longitude: value.longitude }
    : null;
  const [typed] = useDebouncedValue(name, 200);
  const named = useQuery(placeQueries.named(typed.trim()));
  const [coordinates, setCoordinates] = useState(position ? coordinatesText(position) : '');
  const [coordinatesError, setCoordinatesError] = useState<string | null>(null);

  // The text follows a position set elsewhere (the map, a named place, the photo).
  const positionKey = position ? coordinatesText(position) : '';
  useEffect(() => {
    setCoordinates(positionKey);
    setCoordinatesError(null);
  }, [positionKey]);

  const setPosition = (next: Position | null) => onChange(placeOf(name, next));
  const readCoordinates = (text: string) => {
    setCoordinates(text);
    if (!text.trim()) {
      setCoordinatesError(null);
      return setPosition(null);
    }
    const parsed = parseCoordinates(text);
    setCoordinatesError(parsed ? null : t('field.coordinatesInvalid'));
    if (parsed) setPosition(parsed);
  };

  const choices = named.data?.data ?? [];
  const pickNamed = (picked: string) => {
    const place = choices.find((row) => row.name === picked);
    if (place) onChange({ name: place.name, latitude: place.latitude, longitude: place.longitude });
  };
  const photoDiffers =
    photo !== null && (!position || coordinatesText(position) !== coordinatesText(photo));

  return (
    <Input.Wrapper
      label={t('field.label')}
      labelElement="div"
      labelProps={{ id: `${id}-label` }}
      description={t('field.hint')}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      error={error}
    >
      <Stack gap="xs" mt={4} role="group" aria-labelledby={`${id}-label`}>
        <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <Autocomplete
            label={t('field.name')}
            placeholder={t('field.namePlaceholder')}
            value={name}
            onChange={(text) => onChange(placeOf(text, position))}
            onOptionSubmit={pickNamed}
            data={[...new Set(choices.map((row) => row.name).filter(Boolean))]}
            maxLength={200}
            miw={200}
          />
          <TextInput
            label={t('field.coordinates')}
            placeholder="48.8566, 2.3522"
            value={coordinates}
            onChange={(event) => readCoordinates(event.currentTarget.value)}
            error={coordinatesError}
            inputMode="text"
            autoComplete="off"
            miw={200}
          />
        </Group>
        <Text size="xs" c="dimmed" id={`${id}-map-hint`}>
          {t('field.mapHint')}
        </Text>
        <LazyMap
          height={mapHeight}
          label={t('field.mapLabel')}
          tileUrl={tiles.url}
          attribution={tiles.attribution}
          start={position ? { center: [position.latitude, position.longitude], zoom: 10 } : WORLD}
          chosen={position ? { ...position, label: name || format(position) } : null}
          onPick={(latitude, longitude) =>
            setPosition(parseCoordinates(`${latitude}, ${longitude}`))
          }
          embedded
        />
        <Group gap="xs">
          {photo && photoDiffers ? (
            <Button variant="subtle" size="compact-sm" onClick={() => setPosition(photo)}>
              {t('field.usePhoto', { place: format(photo) })}
            </Button>
          ) : null}
          {value ? (
            <Button variant="subtle" color="gray" size="compact-sm" onClick={() => onChange(null)}>
              {t('field.clear')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

/** The world, as a map with no place yet opens. */
export const WORLD = { center: [30, 10] as [number, number], zoom: 1 };
