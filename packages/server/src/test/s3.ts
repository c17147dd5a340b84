import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
// s3rver ships no types; its constructor and run/close are all the tests use.
// @ts-expect-error no declaration file
import S3rver from 's3rver';
import { s3Client, type S3Settings } from '../storage/index.js';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

/** An S3-protocol server in this process, on a free loopback port, with a folder of its own. */
export interface TestS3 {
  endpoint: string;
  /** A new bucket, made for the caller (tests in one file each take their own). */
  bucket(): Promise<string>;
  /** The environment that points the app at `bucket` (STORAGE=s3 and the S3_* variables). */
  env(bucket: string, prefix?: string): Record<string, string>;
  settings(bucket: string, prefix?: string): S3Settings;
  close(): Promise<void>;
}

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startTestS3(): Promise<TestS3> {
  const directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'kinfolio-s3-'));
  const server = new (S3rver as new (options: object) => S3rverInstance)({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (bucket: string, prefix = ''): S3Settings => ({
    endpoint,
    bucket,
    region: 'us-east-1',
    ...S3RVER_CREDENTIALS,
    forcePathStyle: true,
    prefix,
  });
  return {
    endpoint,
    settings,
    async bucket() {
      const name = `kinfolio-${randomBytes(6).toString('hex')}`;
      const client = s3Client(settings(name));
      await client.send(new CreateBucketCommand({ Bucket: name }));
      client.destroy();
      return name;
    },
    env: (bucket, prefix) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    async close() {
      await server.close();
      await fs.promises.rm(directory, { recursive: true, force: true });
    },
  };
}
