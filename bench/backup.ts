/**
 * `npm run bench -- --only backup [--backup-sizes 0,10000,100000 --dialect sqlite|postgres|both
 * --keep --label L]`: the portable backup's memory as the archive grows. For each size a demo
 * archive is made with `kinfolio seed-demo` (kept for the next run with `--keep`), then
 * `kinfolio backup --out FILE` runs as its own process, as an admin would start it, while its peak
 * resident memory (VmHWM, which only grows) is read from /proc. Flat memory means the peak hardly
 * moves from the empty archive to the largest. Writes bench/results/<date>-backup[-<label>].json
 * and .md. Not a timed test: nothing fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { megabytes, runCli } from './cli-process.js';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BackupBenchRow {
  dialect: 'sqlite' | 'postgres';
  items: number;
  rows: number;
  files: number;
  backupBytes: number;
  wallSeconds: number;
  peakRssMegabytes: number;
}

export interface BackupBenchResult {
  date: string;
  rows: BackupBenchRow[];
  loadAverage: number;
  node: string;
}

/** The archive of `size` items for `dialect`, made once (and kept with `keep`). */
async function archiveOf(dialect: 'sqlite' | 'postgres', size: number, keep: boolean) {
  const dataDir = path.join(os.tmpdir(), `kinfolio-bench-backup-${dialect}-${size}`);
  const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir };
  let database: string | undefined;
  if (dialect === 'postgres') {
    database = `kinfolio_bench_backup_${size}`;
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  const ready = path.join(dataDir, '.seeded');
  if (!keep || !fs.existsSync(ready)) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    if (database) {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${database}`);
      await admin.end();
    }
    console.log(`  ${dialect}: seeding ${size} items…`);
    // An empty archive still gets its schema (and its built-in rows) from migrate.
    await runCli(size ? ['seed-demo', '--size', String(size)] : ['migrate'], env);
    fs.writeFileSync(ready, '');
  }
  const cleanup = async () => {
    if (keep) return;
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (database) {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  };
  return { env, dataDir, cleanup };
}

export async function runBackupBench(
  dialects: ('sqlite' | 'postgres')[],
  sizes: number[],
  keep: boolean,
): Promise<BackupBenchResult> {
  const rows: BackupBenchRow[] = [];
  for (const dialect of dialects) {
    for (const size of sizes) {
      const archive = await archiveOf(dialect, size, keep);
      const out = path.join(archive.dataDir, 'bench-backup.tar');
      try {
        const run = await runCli(['backup', '--out', out], archive.env);
        // The CLI ends with "N rows in T tables, F files (B bytes)".
        const counts = /(\d+) rows in \d+ tables, (\d+) files/.exec(run.stdout);
        rows.push({
          dialect,
          items: size,
          rows: Number(counts?.[1] ?? 0),
          files: Number(counts?.[2] ?? 0),
          backupBytes: fs.statSync(out).size,
          wallSeconds: Math.round(run.seconds * 10) / 10,
          peakRssMegabytes: megabytes(run.peakKb),
        });
        console.log(`  ${dialect} ${size}: ${JSON.stringify(rows.at(-1))}`);
      } finally {
        fs.rmSync(out, { force: true });
        await archive.cleanup();
      }
    }
  }
  return {
    date: new Date().toISOString(),
    rows,
    loadAverage: Math.round(os.loadavg()[0]! * 10) / 10,
    node: process.version,
  };
}

export function backupReport(result: BackupBenchResult): string {
  const lines = [
    `# Portable backup: peak memory by archive size (${result.date.slice(0, 10)})`,
    '',
    'Each backup ran as its own process (`kinfolio backup --out FILE`, through tsx, as the bench',
    'runs the server); peak RSS is its VmHWM. The empty archive shows what the process needs',
    'before it reads a row.',
    '',
    '| engine | items | rows | files | backup | wall clock | peak RSS |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...result.rows.map(
      (r) =>
        `| ${r.dialect} | ${r.items.toLocaleString('en')} | ${r.rows.toLocaleString('en')} | ` +
        `${r.files} | ${Math.round(r.backupBytes / 1e6)} MB | ${r.wallSeconds} s | ` +
        `${r.peakRssMegabytes} MB |`,
    ),
    '',
    `Load average at the end: ${result.loadAverage}; Node ${result.node}.`,
    '',
  ];
  return lines.join('\n');
}
