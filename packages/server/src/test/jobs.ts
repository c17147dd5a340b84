import type { AppContext } from '../context.js';

/**
 * Resolves once no job is queued or running (retries waiting for their delay included): the test
 * servers work jobs in-process, so what an upload queued (its thumbnail) is done by then. Reads
 * the database queue's table, which every process of a test shares.
 */
export async function jobsSettled(
  ctx: Pick<AppContext, 'db' | 'jobs'>,
  timeoutMs = 20_000,
): Promise<void> {
  if (ctx.jobs.backend !== 'database') {
    throw new Error('jobsSettled reads the database queue (the test servers use it)');
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const live = await ctx.db
      .selectFrom('jobs')
      .select(['name', 'state'])
      .where('state', 'in', ['queued', 'running'])
      .execute();
    if (!live.length) return;
    if (Date.now() > deadline) {
      const jobs = live.map((job) => `${job.name} (${job.state})`).join(', ');
      throw new Error(
        `jobs still waiting after ${timeoutMs} ms: ${jobs}; does a process work them (JOB_WORKER)?`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
