/** Anything the API client rejects with: an HTTP error status, a timeout or a network failure. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 for a network failure, 408 for the client-side timeout. */
  readonly status: number;
  /** Parsed response body (JSON when possible, else text, else undefined). */
  readonly body: unknown;
  /** Laravel-style field errors of a 422 response. */
  readonly errors?: Record<string, string[]>;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.status = status;
    this.body = body;
    const errors = isRecord(body) ? body.errors : undefined;
    if (isRecord(errors)) {
      this.errors = Object.fromEntries(
        Object.entries(errors).map(([field, value]) => [
          field,
          Array.isArray(value) ? value.map(String) : [String(value)],
        ]),
      );
    }
  }

  /** The first message for a field, handy for form inputs. */
  fieldError(field: string): string | undefined {
    return this.errors?.[field]?.[0];
  }
}

/**
 * Messages of the status-0 errors of a write, which the client words itself: refused before it was
 * sent (offline, nothing saved), or lost on the way (it may or may not have reached the server).
 */
export const OFFLINE_WRITE = 'offline-write';
export const LOST_WRITE = 'lost-write';

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
