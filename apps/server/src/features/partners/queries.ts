import type { Db } from '../../infra/db/client.ts';
import { partnerRequests } from '../../infra/db/schema.ts';

type Tx = Pick<Db, 'insert'>;

/**
 * Stores a partner request; false when the same company (name in any case) already asked with the
 * same email. The unique index decides, so two identical requests racing store one row.
 */
export async function insertPartnerRequest(tx: Tx, request: { companyName: string; companyEmail: string; now: Date }): Promise<boolean> {
  const rows = await tx
    .insert(partnerRequests)
    .values({ companyName: request.companyName, companyEmail: request.companyEmail, createdAt: request.now })
    .onConflictDoNothing()
    .returning({ id: partnerRequests.id });
  return rows.length > 0;
}
