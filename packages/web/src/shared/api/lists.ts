import { isRecord } from './ApiError';

/** A list answer: a bare array, or Laravel's `{data: [...]}` wrapper. */
export function listOf<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (isRecord(body) && Array.isArray(body.data)) return body.data as T[];
  return [];
}
