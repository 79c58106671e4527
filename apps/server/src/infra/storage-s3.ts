import crypto from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { BlobStore } from './storage.ts';
import { isBlobKey } from './storage-fs.ts';

export type S3Settings = { bucket: string; endpoint?: string; region?: string; forcePathStyle?: boolean };

/** Object names: the key under this prefix, so the bucket may hold other things beside. */
const PREFIX = 'blobs/';

/**
 * A client for `settings`: an S3-compatible endpoint (MinIO, R2, Ceph, ...) or AWS when none is
 * given. Credentials come from the SDK's standard chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY,
 * AWS_PROFILE, an instance or task role, ...); the region from S3_REGION, else AWS_REGION, else
 * us-east-1. A call that gets no answer fails after 30 s rather than hang a request.
 */
export function createS3Client(settings: S3Settings): S3Client {
  const config: S3ClientConfig = {
    region: settings.region ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: settings.forcePathStyle ?? false,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  };
  if (settings.endpoint) config.endpoint = settings.endpoint;
  return new S3Client(config);
}

/**
 * Bytes as objects `blobs/<uuid>` in an S3-compatible bucket (BLOB_STORE=s3): what several
 * instances share. Keys are UUIDs this store made, checked on every read and delete. The orphan
 * cleanup pages through the listing and judges age by LastModified.
 */
export function createS3BlobStore(client: S3Client, bucket: string): BlobStore {
  return {
    async put(data) {
      const key = crypto.randomUUID();
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: PREFIX + key,
          Body: data,
          ContentLength: data.length,
          ContentType: 'application/octet-stream',
        }),
      );
      return key;
    },
    async get(key) {
      if (!isBlobKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: PREFIX + key }));
        if (!res.Body) return null;
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      if (!isBlobKey(key)) throw new Error('not a blob key');
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: PREFIX + key }));
    },
    async *orphanCandidates(before) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: PREFIX, ContinuationToken: token, MaxKeys: 1000 }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(PREFIX.length) ?? '';
          if (isBlobKey(key) && object.LastModified && object.LastModified < before) yield key;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
