import type { ConsoleQueue } from '@talentloop/contract/api/operator-console';
import { MENUS, type Menu, isClient, isOperator, paths, stageDestination } from '@talentloop/contract';
import type { ComponentType } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../lib/session-store.ts';
import { useConsoleOverview } from './api/get-console-overview.ts';

// The operator console's frame (issue 21): the app's own shell with the console menu and each
// queue's waiting count as a badge. Operators only: the server refuses every console call with 403
// for anyone else, and these routes send them to their own home (the console is linked nowhere else).

type ShellProps = { menu?: Menu; badges?: Partial<Record<ConsoleQueue, number>> };

/** Where a signed-in user who is not an operator belongs. */
export function ownHome(user: { roles: readonly string[]; onBoardingStage?: string | null }): string {
  return isClient(user.roles) ? paths.company.home : stageDestination(user.onBoardingStage);
}

export function ConsoleShell({ Shell }: { Shell: ComponentType<ShellProps> }) {
  const user = useSession((s) => s.user);
  if (!user) return <Navigate to={paths.login} replace />;
  if (!isOperator(user.roles)) return <Navigate to={ownHome(user)} replace />;
  return <ConsoleFrame Shell={Shell} />;
}

function ConsoleFrame({ Shell }: { Shell: ComponentType<ShellProps> }) {
  const overview = useConsoleOverview();
  const queues = overview.data?.overview.queues;
  const badges = queues
    ? {
        vetting: queues.vetting.waiting,
        documents: queues.documents.waiting,
        partnerRequests: queues.partnerRequests.waiting,
        supportCalls: queues.supportCalls.waiting,
        receipts: queues.receipts.waiting,
        releasesDue: queues.releasesDue.waiting,
        payouts: queues.payouts.waiting,
        disputes: queues.disputes.waiting,
      }
    : undefined;
  return <Shell menu={MENUS.admin} badges={badges} />;
}
