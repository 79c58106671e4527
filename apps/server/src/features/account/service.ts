import type { Tx } from '../../infra/db/client.ts';
import type { users } from '../../infra/db/schema.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { OTP_MAX_ATTEMPTS } from '@talentloop/contract';
import { AppError } from '../../http/app-error.ts';
import { hasOtherActiveOperator, lockOperators } from '../operator-accounts/operator-role.ts';
import { hitCounter } from '../../infra/counters.ts';
import type { AuthDeps } from '../auth/deps.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { createCodeService, sessionRequester } from '../codes/service.ts';
import {
  addressUsedByOthers,
  companyAddressesOf,
  deleteCodesTo,
  deleteCompanyEmailCodes,
  deleteCountersNaming,
  deleteMailTo,
  deletePortfolioRows,
  deleteResetGrantsOf,
  deleteUserRow,
  filesOwnedBy,
  readAccountExport,
  rolesOf,
  sessionIdsOf,
} from './queries.ts';

type User = typeof users.$inferSelect;

/**
 * Deletes everything stored about a user, in the caller's transaction: uploaded files through the
 * storage (so a bucket-backed storage deletes its objects too), then the rows kept by email or
 * named after the user (codes, reset grants, counters, mail to the address), then the user row,
 * whose foreign keys take the profile, every section, privacy, versions and sessions with it.
 * Afterwards the address can register again. Page views are not personal and stay.
 */
export async function deleteAccountData(tx: Tx, storage: FileStorage, user: Pick<User, 'id' | 'email'>): Promise<void> {
  // Never the last active operator (decision 168): the console must keep someone to run it. The
  // same lock and fresh read as a role change or a suspension (operator-accounts/operator-role.ts).
  const row = await rolesOf(tx, user.id);
  if (row?.roles.includes('operator') && !row.suspendedAt) {
    await lockOperators(tx);
    if (!(await hasOtherActiveOperator(tx, user.id))) throw new AppError('TL_CORE_14105_E');
  }
  await deleteCompanyTraces(tx, user);
  const owned = await filesOwnedBy(tx, user.id);
  // Section rows point at files (portfolio); drop them first so no row names a deleted file.
  await deletePortfolioRows(tx, user.id);
  for (const f of owned) await storage.remove(tx, f.id);
  await deleteCodesTo(tx, user.email);
  await deleteResetGrantsOf(tx, user.email);
  // Counter keys name the address or id as a whole `:`-separated part (`otp-send:a@b.c`,
  // `otp-fail:reset:a@b.c:1.2.3.4`); matching whole parts never touches `xa@b.c`'s counters.
  for (const part of [user.email, user.id]) {
    await deleteCountersNaming(tx, part);
  }
  await deleteMailTo(tx, user.email);
  await deleteUserRow(tx, user.id);
}

/**
 * What a company account left outside the rows its user's foreign keys cascade to (the company and
 * everything keyed by the company id go with the user row): codes it had mailed to its company
 * address (bound to its own sessions) and mail and counters for its company addresses, unless
 * another account or company uses the same address (their mail and limits are not ours to drop).
 */
async function deleteCompanyTraces(tx: Tx, user: Pick<User, 'id' | 'email'>): Promise<void> {
  const owned = await companyAddressesOf(tx, user.id);
  if (owned.length === 0) return;
  const own = await sessionIdsOf(tx, user.id);
  if (own.length > 0) {
    const requesters = own.map((s) => sessionRequester('company_email', s.id));
    await deleteCompanyEmailCodes(tx, requesters);
  }
  const addresses = [
    ...new Set(owned.flatMap((c) => [c.contactEmail, c.verifiedEmail]).filter((a): a is string => !!a && a !== user.email)),
  ];
  for (const address of addresses) {
    if (await addressUsedByOthers(tx, user.id, address)) continue;
    await deleteMailTo(tx, address);
    await deleteCodesTo(tx, address);
    await deleteCountersNaming(tx, address);
  }
}

/**
 * Everything stored about the user, for 'Download my data' (queries.ts: one read of every table
 * that holds the user's data).
 */
export const exportAccountData = readAccountExport;

/** How long the password tries of an account deletion are counted (at most OTP_MAX_ATTEMPTS). */
const PASSWORD_WINDOW_MS = 15 * 60_000;

/** Who asks for or spends a deletion code: the session that asked (a code works for it alone). */
export type DeletionRequester = { requester: string; ip: string };

/**
 * Delete account (issue 10, beyond the spec), for every role: with the password, or, for an account
 * without one (Google sign-in), with a fresh code by mail (its caps: features/codes).
 */
export function createAccountService(deps: AuthDeps & { storage: FileStorage }) {
  const { db, clock } = deps;
  const codes = createCodeService(deps);

  return {
    /** Mails a deletion code to an account without a password; one with a password is refused. */
    async sendDeletionCode(user: User, by: DeletionRequester): Promise<void> {
      if (user.passwordHash) throw new AppError('TL_CORE_10131_E');
      await codes.issue('account_deletion', {
        email: user.email,
        firstName: user.firstName,
        requester: by.requester,
        ip: by.ip,
        accountId: user.id,
        now: clock.now(),
      });
    },

    /** Deletes the account once the password (or, without one, the mailed code) is right. */
    async deleteAccount(user: User, proof: { password?: string; otp?: string }, by: DeletionRequester): Promise<void> {
      const now = clock.now();
      if (user.passwordHash) {
        if (!proof.password) throw new AppError('TL_CORE_10131_E');
        // Counted before comparing, so parallel guesses cannot exceed the limit.
        const tries = await hitCounter(db, `account-delete:${user.id}`, PASSWORD_WINDOW_MS, now);
        if (tries > OTP_MAX_ATTEMPTS) throw new AppError('TL_CORE_00429_E');
        if (!(await verifyPassword(user.passwordHash, proof.password))) throw new AppError('TL_CORE_10130_E');
        await db.transaction((tx) => deleteAccountData(tx, deps.storage, user));
        return;
      }
      if (!proof.otp) throw new AppError('TL_CORE_10132_E');
      await codes.consume(
        'account_deletion',
        { email: user.email, requester: by.requester, ip: by.ip, accountId: user.id, code: proof.otp, now },
        (tx) => deleteAccountData(tx, deps.storage, user),
      );
    },
  };
}
