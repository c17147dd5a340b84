import { parseArgs } from 'node:util';
import { ConfigError, type Config } from '../config.js';
import { copyStorage } from './copy.js';
import { localStorages, s3Storages } from './index.js';

/**
 * `kinfolio storage copy --to s3|local [--remove-source]`: every kind of bytes from the local
 * folders (DATA_DIR, EXPORT_DIR, BACKUP_DIR) to the bucket of the S3_* variables, or back.
 */
export async function storageCommand(config: Config, args: string[]) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { to: { type: 'string' }, 'remove-source': { type: 'boolean' } },
  });
  if (positionals[0] !== 'copy' || positionals.length > 1) {
    throw new ConfigError('storage takes one subcommand: copy --to s3|local [--remove-source]');
  }
  if (values.to !== 's3' && values.to !== 'local') {
    throw new ConfigError('storage copy needs --to s3 or --to local');
  }
  const s3 = config.storage.s3;
  if (!s3) throw new ConfigError('storage copy needs the bucket: set S3_BUCKET (and S3_*)');
  const [source, target] =
    values.to === 's3'
      ? [localStorages(config), s3Storages(s3)]
      : [s3Storages(s3), localStorages(config)];
  let objects = 0;
  const result = await copyStorage(source, target, {
    removeSource: values['remove-source'] ?? false,
    onObject: ({ kind, key, outcome }) => {
      objects += 1;
      if (outcome !== 'already-there' || objects % 1000 === 0) {
        process.stderr.write(`${objects} ${kind}/${key} ${outcome}\n`);
      }
    },
  });
  console.log(
    `Copied ${result.copied} objects (${result.bytes} bytes) to ${values.to}, ` +
      `${result.recopied} written again, ${result.alreadyThere} already there; ` +
      `every copy verified by SHA-256.\n` +
      (values['remove-source']
        ? `Removed ${result.removed} objects from the source.`
        : `The source is left as it was (--remove-source removes it once every copy is verified).`) +
      `\nSet STORAGE=${values.to} and restart the servers and workers to use the copy.`,
  );
}
