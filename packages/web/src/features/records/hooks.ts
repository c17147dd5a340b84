import { useParams, useSearch } from '@tanstack/react-router';
import type { RecordSearch } from './recordSearch';

export function useRecordSearch(): RecordSearch {
  return useSearch({ strict: false }) as RecordSearch;
}

/** The `record_id` of the address, validated by the route; undefined on the create form. */
export function useRecordId(): number | undefined {
  const { record_id: raw } = useParams({ strict: false }) as { record_id?: string };
  return raw === undefined ? undefined : Number(raw);
}
