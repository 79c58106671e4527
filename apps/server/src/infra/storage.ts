import { and, eq, ne } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { files } from './db/schema.ts';

export type StoredFile = { id: string; mime: string; size: number; data: Buffer; ownerId: string | null; kind: string };

/**
 * Where uploads live. The default keeps them in the database, so every instance sees them with
 * nothing else to run; an S3-compatible bucket implements the same three calls to scale out.
 */
export type FileStorage = {
  put: (db: Pick<Db, 'insert'>, file: { ownerId: string; kind: string; mime: string; data: Buffer; now: Date }) => Promise<string>;
  get: (id: string) => Promise<StoredFile | null>;
  remove: (db: Pick<Db, 'delete'>, id: string) => Promise<void>;
  /**
   * Removes every file of one owner and kind except `keepId`, in the caller's transaction: a
   * replacement (profile photo) leaves no orphan behind, whichever of two parallel saves wins.
   */
  removeOthers: (db: Pick<Db, 'delete'>, owner: { ownerId: string; kind: string; keepId: string | null }) => Promise<void>;
};

export const fileUrl = (id: string) => `/api/files/${id}`;
export const fileIdFromUrl = (url: string | null | undefined) => /^\/api\/files\/([0-9a-f-]{36})$/.exec(url ?? '')?.[1] ?? null;

export function createDbFileStorage(db: Db): FileStorage {
  return {
    async put(tx, f) {
      const [row] = await tx
        .insert(files)
        .values({ ownerId: f.ownerId, kind: f.kind, mime: f.mime, size: f.data.length, data: f.data, createdAt: f.now })
        .returning({ id: files.id });
      if (!row) throw new Error('file insert returned nothing');
      return row.id;
    },
    async get(id) {
      const [row] = await db
        .select({ id: files.id, mime: files.mime, size: files.size, data: files.data, ownerId: files.ownerId, kind: files.kind })
        .from(files)
        .where(eq(files.id, id));
      return row ?? null;
    },
    async remove(tx, id) {
      await tx.delete(files).where(eq(files.id, id));
    },
    async removeOthers(tx, { ownerId, kind, keepId }) {
      await tx.delete(files).where(and(eq(files.ownerId, ownerId), eq(files.kind, kind), keepId ? ne(files.id, keepId) : undefined));
    },
  };
}
