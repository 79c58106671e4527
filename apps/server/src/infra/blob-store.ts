import path from 'node:path';
import type { Config } from '../config.ts';
import type { Clock } from './clock.ts';
import type { Database } from './db/client.ts';
import { type BlobStore, createDbBlobStore } from './storage.ts';
import { createFsBlobStore } from './storage-fs.ts';

export type BlobStoreKind = 'fs' | 'db' | 's3';

/**
 * Which store holds uploaded bytes: BLOB_STORE when set; otherwise the filesystem beside embedded
 * PGlite (its single connection must never carry megabytes), and the database with a PostgreSQL
 * server (every instance sees the bytes with nothing else to run) or an in-memory database (tests:
 * nothing written to disk).
 */
export function blobStoreKind(config: Pick<Config, 'blobStore' | 'dataDir'>, database: Pick<Database, 'kind'>): BlobStoreKind {
  if (config.blobStore) return config.blobStore;
  return database.kind === 'pglite' && config.dataDir !== 'memory://' ? 'fs' : 'db';
}

/** The filesystem store's directory. */
export const blobDir = (dataDir: string) => path.join(dataDir, 'blobs');

/** Opens the configured store; `close` releases its connections (the S3 client's sockets). */
export async function openBlobStore(
  config: Pick<Config, 'blobStore' | 'dataDir' | 's3'>,
  database: Database,
  clock: Clock,
): Promise<{ kind: BlobStoreKind; blobs: BlobStore; close: () => void }> {
  const kind = blobStoreKind(config, database);
  if (kind === 'fs') return { kind, blobs: createFsBlobStore(blobDir(config.dataDir), clock), close: () => {} };
  if (kind === 's3') {
    if (!config.s3.bucket) throw new Error('BLOB_STORE=s3 needs S3_BUCKET');
    // The SDK is loaded only when a bucket is configured: a start without one does not pay for it.
    const { createS3BlobStore, createS3Client } = await import('./storage-s3.ts');
    const client = createS3Client({ ...config.s3, bucket: config.s3.bucket });
    return { kind, blobs: createS3BlobStore(client, config.s3.bucket), close: () => client.destroy() };
  }
  return { kind, blobs: createDbBlobStore(database.db, clock), close: () => {} };
}
