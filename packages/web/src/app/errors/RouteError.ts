/** Thrown by guards and route validate rules; the error screen shows its status and message. */
export class RouteError extends Error {
  override readonly name = 'RouteError';
  readonly statusCode: number;

  constructor(statusCode: number, message = '') {
    super(message);
    this.statusCode = statusCode;
  }
}

export function errorStatus(error: unknown): number {
  if (error && typeof error === 'object') {
    const record = error as { statusCode?: unknown; status?: unknown };
    if (typeof record.statusCode === 'number') return record.statusCode;
    if (typeof record.status === 'number' && record.status > 0) return record.status;
  }
  return 500;
}
