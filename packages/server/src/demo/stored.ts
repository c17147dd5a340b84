import { randomUUID } from 'node:crypto';

/** `ab/cd/uuid`, as uploads are stored. */
export function storageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

/** Rows in groups of `size`, for multi-row INSERTs. */
export function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
