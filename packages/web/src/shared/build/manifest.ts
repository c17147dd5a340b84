/** What builds/latest.json and builds/meta/{id}.json say about a build (packages/web/build). */
export interface BuildInfo {
  id: string;
  /** When it was built, in ms since the epoch. */
  timestamp: number;
}

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

const BUILDS_URL = `${import.meta.env.BASE_URL}builds`;

export function parseBuildInfo(value: unknown): BuildInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, timestamp } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof timestamp !== 'number') return null;
  return { id, timestamp };
}

async function fetchBuildInfo(fetchImpl: FetchLike, url: string): Promise<BuildInfo> {
  const response = await fetchImpl(url, { cache: 'no-store', credentials: 'omit' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const info = parseBuildInfo(await response.json());
  if (!info) throw new Error(`${url} is not a build description`);
  return info;
}

/** The newest deployed build; the timestamp query keeps any cache on the way from answering. */
export function fetchLatestBuild(
  fetchImpl: FetchLike,
  now: number = Date.now(),
): Promise<BuildInfo> {
  return fetchBuildInfo(fetchImpl, `${BUILDS_URL}/latest.json?${now}`);
}

/** The manifest of the build this page runs (builds/meta/{buildId}.json). */
export function fetchBuildManifest(fetchImpl: FetchLike, id: string): Promise<BuildInfo> {
  return fetchBuildInfo(fetchImpl, `${BUILDS_URL}/meta/${encodeURIComponent(id)}.json`);
}

/**
 * Whether `latest` is newer than the running build: another id, and, once the running build's
 * manifest is known, a later timestamp (an older build put back does not count as new).
 */
export function isNewerBuild(
  latest: BuildInfo,
  runningId: string,
  runningTimestamp?: number,
): boolean {
  if (latest.id === runningId) return false;
  return runningTimestamp === undefined || latest.timestamp > runningTimestamp;
}
