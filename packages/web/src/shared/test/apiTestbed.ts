import { afterEach, beforeAll, beforeEach, vi, type Mock } from 'vitest';
import { i18n } from '@/shared/i18n';
import { configureApiClient, invalidateCsrf } from '@/shared/api/client';
import { loadingBar } from '@/shared/ui/loadingBar';
import { showToast } from '@/shared/ui/toast';
import { clearCookies, stubFetch } from './fetchStub';

/** What a test of the API client drives and reads. */
export interface ApiTestbed {
  /** The stubbed `fetch` of the current test. */
  server: ReturnType<typeof stubFetch>;
  /** The page the client believes it is on. */
  path: string;
  resetSession: Mock<() => void>;
  navigate: Mock<(to: string) => void>;
}

/**
 * The API client under test, fresh for each test: fake timers with a clock a minute further on
 * (the client's de-duplication of identical toasts never spans two tests), no cookies and no
 * CSRF token, an idle loading bar, a stubbed `fetch`, and spies for the session's reset and for
 * navigation. The test file mocks `@/shared/ui/toast` itself (`vi.mock` is hoisted per file).
 */
export function apiTestbed(start: number): ApiTestbed {
  let clock = start;
  const bed: ApiTestbed = {
    server: undefined as unknown as ApiTestbed['server'],
    path: '/user/userprofile',
    resetSession: vi.fn<() => void>(),
    navigate: vi.fn<(to: string) => void>(),
  };
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    clock += 60_000;
    vi.setSystemTime(clock);
    clearCookies();
    invalidateCsrf();
    loadingBar.reset();
    vi.mocked(showToast).mockClear();
    bed.resetSession.mockClear();
    bed.navigate.mockClear();
    bed.path = '/user/userprofile';
    configureApiClient({
      resetSession: bed.resetSession,
      navigate: bed.navigate,
      currentPath: () => bed.path,
    });
    bed.server = stubFetch();
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return bed;
}
