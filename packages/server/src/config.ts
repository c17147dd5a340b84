import { isIP } from 'node:net';
import path from 'node:path';
import { LIMITS } from '@kinfolio/contract';
import { z } from 'zod';
import type { S3Settings } from './storage/s3.js';

const booleanish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((value) => ['1', 'true', 'yes'].includes(value));

/** proxy-addr's names for private ranges: where a reverse proxy on the same host or LAN sits. */
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_SCHEDULE: z
    .string()
    .regex(/^(off|nightly(@([01]?\d|2[0-3]))?)$/, {
      message: 'must be off, nightly or nightly@H (0-23)',
    })
    .default('off'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  EXPORT_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^(postgres(ql)?:\/\/|sqlite:|file:)/.test(value), {
      message: 'must start with postgres://, postgresql://, sqlite: or file:',
    }),
  APP_URL: z.url().optional(),
  APP_KEY: z.string().min(32).optional(),
  SMTP_URL: z
    .string()
    .optional()
    .refine((value) => !value || /^smtps?:\/\//.test(value), {
      message: 'must start with smtp:// or smtps://',
    }),
  MAIL_FROM: z.string().min(3).default('Kinfolio <kinfolio@localhost>'),
  REDIS_URL: z.string().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  ADMIN_NAME: z.string().min(1).default('Admin'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .union([
      booleanish,
      z.string().refine((value) => value.split(',').every((entry) => isProxyEntry(entry.trim())), {
        message: `must be true, false or a comma-separated list of addresses, subnets or ${PROXY_NAMES.join(', ')}`,
      }),
    ])
    .default(false),
  SESSION_LIFETIME_MINUTES: z.coerce.number().int().min(5).default(120),
  REMEMBER_LIFETIME_DAYS: z.coerce.number().int().min(1).default(30),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(100_000).optional(),
  IMPORT_UPLOAD_MAX_GB: z.coerce.number().positive().max(10_000).default(64),
  ORPHAN_GRACE_MINUTES: z.coerce.number().int().min(0).max(525_600).default(60),
  DELETED_MEDIA_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  TRASH_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(0),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().min(1).max(60).default('OpenID Connect'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_TENANT: z.string().min(1).default('common'),
  JOB_WORKER: booleanish.default(true),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  JOB_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  FFMPEG_TIME_LIMIT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(1800),
  JOB_QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/)
    .default('kinfolio'),
  METRICS_TOKEN: z.string().min(16).optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  WARMUP: z.enum(['on', 'off']).default('on'),
  FACES: z.enum(['on', 'off']).default('on'),
  OCR: z.enum(['on', 'off']).default('on'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be an S3 bucket name' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanish.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { message: 'must be letters, digits, . _ - and /' })
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * Portable backups (modules/backups): where they are written (BACKUP_DIR, default
   * DATA_DIR/backups), and the schedule's defaults (BACKUP_SCHEDULE, BACKUP_KEEP) until an admin
   * changes them on the backup screen.
   */
  backups: { dir: string; nightly: boolean; hour: number; keep: number };
  /** Where the admin's exports are written (EXPORT_DIR, default DATA_DIR/exports). */
  exportDir: string;
  /**
   * Where every kind of bytes lives (storage/index.ts): folders on the local disk, or an
   * S3-compatible bucket (STORAGE=s3 and the S3_* variables).
   */
  storage: {
    kind: 'local' | 's3';
    /** The bucket (S3_BUCKET and the other S3_* variables), also read by `storage copy`. */
    s3: S3Settings | undefined;
  };
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  appUrl: string;
  appKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  firstAdmin: { email: string; password: string; name: string } | undefined;
  webDist: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * The proxies whose X-Forwarded-* headers are believed (proxy-addr list), or false for none.
   * Never Fastify's `true` (believe every X-Forwarded-For entry): any client could then choose the
   * address its login attempts are counted on.
   */
  trustProxy: false | string;
  sessionLifetimeMinutes: number;
  rememberLifetimeDays: number;
  secureCookies: boolean;
  /** Largest accepted upload; the contract's limit unless UPLOAD_MAX_MB says otherwise. */
  uploadMaxBytes: number;
  /** Largest source sent in chunks to be imported (tus uploads); IMPORT_UPLOAD_MAX_GB, 64 GB. */
  importUploadMaxBytes: number;
  /**
   * How long a stored file without a row (or an idle partial upload) is left alone before the
   * files check removes it: uploads in flight, on this instance or another, are that young.
   */
  orphanGraceMinutes: number;
  /**
   * Days a deleted media (a file whose item or record was deleted for good, or that was removed)
   * is kept before the retention job purges it; the default of the admin's setting.
   */
  deletedMediaRetentionDays: number;
  /** Days items and records stay in the trash before being deleted for good; 0: kept (default). */
  trashRetentionDays: number;
  /** Social login providers with their credentials; only the configured ones are here. */
  socialLogin: SocialLoginConfig[];
  /** Bearer token of `GET /metrics` (http/metrics.ts); without it the endpoint does not exist. */
  metricsToken: string | undefined;
  /** How long `serve` waits on SIGTERM for requests in flight before closing their connections. */
  shutdownGraceMs: number;
  /** How long one ffmpeg or ffprobe run may take before it is killed. */
  ffmpegTimeLimitMs: number;
  /** Whether `serve` reads the search indexes and hot tables into memory at start (db/warm-up.ts). */
  warmUp: boolean;
  /**
   * Whether faces may be detected on this installation (FACES=off: never, whatever the admin's
   * setting; a machine too small for the models, or the test servers unless a test asks).
   */
  faces: boolean;
  /**
   * Whether scans may be read by OCR on this installation (OCR=off: never, whatever the admin's
   * setting; the test servers unless a test asks).
   */
  ocr: boolean;
  jobs: {
    /** Whether `serve` also works jobs (a `kinfolio worker` process always does). */
    workInServer: boolean;
    /** Jobs one process runs at once. */
    concurrency: number;
    /** How often an idle database worker looks for jobs. */
    pollMs: number;
    /**
     * How long the MP3 job's worker may go without a sign of life before another takes the job
     * again; also how long a temporary folder or partial output may lie idle before the storage
     * check removes it as left by a dead worker.
     */
    leaseMs: number;
    /** BullMQ's key prefix in Redis (several archives can share one Redis). */
    prefix: string;
  };
}

export interface SocialLoginConfig {
  id: 'oidc' | 'google' | 'github' | 'microsoft';
  /** The button's name. */
  name: string;
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect issuer to discover (none for GitHub, which speaks plain OAuth 2). */
  issuer?: string;
}

/** The providers whose id and secret are both set (a half-configured one is an error). */
function socialLoginFrom(e: z.infer<typeof envSchema>): SocialLoginConfig[] {
  const candidates = [
    {
      id: 'oidc',
      name: e.OIDC_NAME,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      issuer: e.OIDC_ISSUER,
      prefix: 'OIDC',
    },
    {
      id: 'google',
      name: 'Google',
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: 'https://accounts.google.com',
      prefix: 'GOOGLE',
    },
    {
      id: 'github',
      name: 'GitHub',
      clientId: e.GITHUB_CLIENT_ID,
      clientSecret: e.GITHUB_CLIENT_SECRET,
      issuer: undefined,
      prefix: 'GITHUB',
    },
    {
      id: 'microsoft',
      name: 'Microsoft',
      clientId: e.MICROSOFT_CLIENT_ID,
      clientSecret: e.MICROSOFT_CLIENT_SECRET,
      issuer: `https://login.microsoftonline.com/${e.MICROSOFT_TENANT}/v2.0`,
      prefix: 'MICROSOFT',
    },
  ] as const;
  const out: SocialLoginConfig[] = [];
  for (const { prefix, clientId, clientSecret, issuer, id, name } of candidates) {
    if (!clientId && !clientSecret && (id !== 'oidc' || !issuer)) continue;
    if (!clientId || !clientSecret || (id === 'oidc' && !issuer)) {
      const needed =
        id === 'oidc'
          ? 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET'
          : `${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET`;
      throw new ConfigError(`Invalid configuration:\n  ${needed} go together`);
    }
    out.push({ id, name, clientId, clientSecret, ...(issuer ? { issuer } : {}) });
  }
  return out;
}

export class ConfigError extends Error {}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Turns the environment into a typed config, or throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    backups: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, 'backups')),
      nightly: e.BACKUP_SCHEDULE !== 'off',
      hour: Number(/@(\d+)$/.exec(e.BACKUP_SCHEDULE)?.[1] ?? 3),
      keep: e.BACKUP_KEEP,
    },
    exportDir: path.resolve(e.EXPORT_DIR ?? path.join(dataDir, 'exports')),
    storage: storageFrom(e),
    database: databaseFrom(e.DATABASE_URL, dataDir),
    appUrl,
    appKey: e.APP_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    firstAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, name: e.ADMIN_NAME }
        : undefined,
    webDist: path.resolve(e.WEB_DIST ?? defaultWebDist),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === true ? PROXY_NAMES.join(',') : e.TRUST_PROXY,
    sessionLifetimeMinutes: e.SESSION_LIFETIME_MINUTES,
    rememberLifetimeDays: e.REMEMBER_LIFETIME_DAYS,
    secureCookies: appUrl.startsWith('https://'),
    uploadMaxBytes: e.UPLOAD_MAX_MB
      ? Math.floor(e.UPLOAD_MAX_MB * 1024 * 1024)
      : LIMITS.uploadMaxBytes,
    importUploadMaxBytes: Math.floor(e.IMPORT_UPLOAD_MAX_GB * 1024 ** 3),
    orphanGraceMinutes: e.ORPHAN_GRACE_MINUTES,
    deletedMediaRetentionDays: e.DELETED_MEDIA_RETENTION_DAYS,
    trashRetentionDays: e.TRASH_RETENTION_DAYS,
    socialLogin: socialLoginFrom(e),
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    ffmpegTimeLimitMs: e.FFMPEG_TIME_LIMIT_SECONDS * 1000,
    warmUp: e.WARMUP === 'on',
    faces: e.FACES === 'on',
    ocr: e.OCR === 'on',
    jobs: {
      workInServer: e.JOB_WORKER,
      concurrency: e.JOB_CONCURRENCY,
      pollMs: e.JOB_POLL_MS,
      leaseMs: e.JOB_LEASE_MS,
      prefix: e.JOB_QUEUE_PREFIX,
    },
  };
}

function storageFrom(e: z.infer<typeof envSchema>): Config['storage'] {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  const s3: S3Settings | undefined = e.S3_BUCKET
    ? {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
        prefix: e.S3_PREFIX ? e.S3_PREFIX.replace(/\/*$/, '/') : '',
      }
    : undefined;
  if (e.STORAGE === 's3' && !s3) {
    throw new ConfigError('Invalid configuration:\n  STORAGE=s3 needs S3_BUCKET');
  }
  return { kind: e.STORAGE, s3 };
}

function databaseFrom(url: string | undefined, dataDir: string): Config['database'] {
  if (url && /^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', url };
  if (url)
    return { dialect: 'sqlite', file: path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, '')) };
  return { dialect: 'sqlite', file: path.join(dataDir, 'kinfolio.sqlite') };
}
