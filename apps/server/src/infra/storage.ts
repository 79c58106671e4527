import crypto from 'node:crypto';
import { API_PREFIX, fillPath, pathPrefix } from '@talentloop/contract/api/define';
import { getFile } from '@talentloop/contract/api/files';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import type { Clock } from './clock.ts';
import type { Db, DbOrTx } from './db/client.ts';
import { files } from './db/schema.ts';

export type StoredFile = { id: string; mime: string; size: number; data: Buffer; ownerId: string | null; kind: string };

/**
 * Bytes by key, with no transaction: what an S3-compatible bucket offers (PutObject, GetObject,
 * DeleteObject, ListObjectsV2 by LastModified). Keys are file ids (UUIDs).
 */
export type BlobStore = {
  /**
   * Stores bytes under a new key. `db` lets the database store write inside a caller's transaction
   * (the older `FileStorage.put` with data); a bucket ignores it.
   */
  put: (data: Buffer, opts?: { db?: DbOrTx; now?: Date }) => Promise<string>;
  get: (key: string) => Promise<Buffer | null>;
  /** Deletes bytes that no metadata refers to (called by the cleanup only). */
  delete: (key: string) => Promise<void>;
  /**
   * Keys written before `before` that may have no metadata (a bucket pages through its listing),
   * the cleanup checks each.
   */
  orphanCandidates: (before: Date) => AsyncIterable<string>;
};

/** Bytes written by `FileStorage.stage`, to attach to a save with `put(tx, { ..., blob })`. */
export type StagedBlob = { key: string; size: number };

type FileMeta = { ownerId: string; kind: string; mime: string; now: Date };

/**
 * Where uploads live: bytes in a `BlobStore` (infra/blob-store.ts picks it: files under DATA_DIR
 * beside embedded PGlite, the database beside a PostgreSQL server, a bucket to scale out), metadata
 * in the `files` table. A file saved while the bytes lived in the database keeps them in its row
 * (`data.length === size`) and is served from there whatever the store is now.
 *
 * A save calls `stage(data)` BEFORE its transaction (the bytes are written outside it, like an
 * upload to a bucket), then `put(tx, { ...meta, blob })` inside it (the metadata row). If the save
 * fails, the staged bytes stay without metadata and the cleanup (storage-cleanup.ts) deletes them
 * after a grace period. `put(tx, { ...meta, data })` (bytes inside the transaction) still works.
 */
export type FileStorage = {
  stage: (data: Buffer) => Promise<StagedBlob>;
  put: (db: DbOrTx, file: FileMeta & ({ data: Buffer } | { blob: StagedBlob })) => Promise<string>;
  get: (id: string) => Promise<StoredFile | null>;
  /** Removes the metadata (the database store's bytes go with it; a bucket's are cleaned up). */
  remove: (db: DbOrTx, id: string) => Promise<void>;
  /**
   * Removes every file of one owner and kind except `keepId`, in the caller's transaction: a
   * replacement (profile photo) leaves no orphan behind, whichever of two parallel saves wins.
   */
  removeOthers: (db: DbOrTx, owner: { ownerId: string; kind: string; keepId: string | null }) => Promise<void>;
  blobs: BlobStore;
};

const FILES_PREFIX = API_PREFIX + pathPrefix(getFile.path);

/** Where a stored file is served (the contract's getFile). */
export const fileUrl = (id: string) => API_PREFIX + fillPath(getFile.path, { id });
/** The stored file's id behind one of our file addresses, else null. */
export const fileIdFromUrl = (url: string | null | undefined) => {
  const id = url?.startsWith(FILES_PREFIX) ? url.slice(FILES_PREFIX.length) : '';
  return /^[0-9a-f-]{36}$/.test(id) ? id : null;
};

/** Placeholders of a row that holds bytes before its metadata is attached. */
const PENDING_KIND = 'pending';
const PENDING_MIME = 'application/octet-stream';
const EMPTY = Buffer.alloc(0);

/**
 * The default blob store: a `files` row with `attached_at` NULL until a save attaches metadata to
 * it, so the bytes and the metadata of a saved file share one row.
 */
export function createDbBlobStore(db: Db, clock: Clock = { now: () => new Date() }): BlobStore {
  return {
    async put(data, opts) {
      const id = crypto.randomUUID();
      await (opts?.db ?? db).insert(files).values({
        id,
        ownerId: null,
        kind: PENDING_KIND,
        mime: PENDING_MIME,
        size: data.length,
        data,
        createdAt: opts?.now ?? clock.now(),
        attachedAt: null,
      });
      return id;
    },
    async get(key) {
      const [row] = await db.select({ data: files.data }).from(files).where(eq(files.id, key));
      return row?.data ?? null;
    },
    async delete(key) {
      // Only bytes never attached: a saved file is removed through its metadata.
      await db.delete(files).where(and(eq(files.id, key), isNull(files.attachedAt)));
    },
    async *orphanCandidates(before) {
      let after: string | null = null;
      for (;;) {
        const rows = await db
          .select({ id: files.id })
          .from(files)
          .where(and(isNull(files.attachedAt), lt(files.createdAt, before), after ? gt(files.id, after) : undefined))
          .orderBy(asc(files.id))
          .limit(500);
        for (const r of rows) yield r.id;
        const last = rows.at(-1);
        if (rows.length < 500 || !last) return;
        after = last.id;
      }
    },
  };
}

export function createFileStorage(db: Db, blobs: BlobStore): FileStorage {
  /** Attaches metadata to staged bytes: updates the database store's row, or inserts one for a bucket. */
  async function attach(tx: DbOrTx, key: string, size: number, f: FileMeta): Promise<string> {
    const [row] = await tx
      .insert(files)
      .values({ id: key, ownerId: f.ownerId, kind: f.kind, mime: f.mime, size, data: EMPTY, createdAt: f.now, attachedAt: f.now })
      .onConflictDoUpdate({
        target: files.id,
        set: { ownerId: f.ownerId, kind: f.kind, mime: f.mime, attachedAt: f.now },
        setWhere: isNull(files.attachedAt),
      })
      .returning({ id: files.id });
    if (!row) throw new Error('file blob already attached');
    return row.id;
  }

  return {
    blobs,
    async stage(data) {
      return { key: await blobs.put(data), size: data.length };
    },
    async put(tx, f) {
      if ('blob' in f) return attach(tx, f.blob.key, f.blob.size, f);
      const key = await blobs.put(f.data, { db: tx, now: f.now });
      return attach(tx, key, f.data.length, f);
    },
    async get(id) {
      const [row] = await db
        .select({ id: files.id, mime: files.mime, size: files.size, data: files.data, ownerId: files.ownerId, kind: files.kind })
        .from(files)
        .where(and(eq(files.id, id), isNotNull(files.attachedAt)));
      if (!row) return null;
      if (row.data.length === row.size) return row;
      const data = await blobs.get(id);
      return data ? { ...row, data } : null;
    },
    async remove(tx, id) {
      await tx.delete(files).where(eq(files.id, id));
    },
    async removeOthers(tx, { ownerId, kind, keepId }) {
      await tx.delete(files).where(and(eq(files.ownerId, ownerId), eq(files.kind, kind), keepId ? ne(files.id, keepId) : undefined));
    },
  };
}

/** The default storage: bytes and metadata in the database. */
export function createDbFileStorage(db: Db, clock?: Clock): FileStorage {
  return createFileStorage(db, createDbBlobStore(db, clock));
}

/** The keys among `keys` that metadata is attached to: the cleanup's check, for a page of its listing. */
export async function attachedAmong(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, keys), isNotNull(files.attachedAt)));
  return new Set(rows.map((r) => r.id));
}
