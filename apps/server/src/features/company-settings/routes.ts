import {
  COMPANY_SETTINGS_MESSAGES as MSG,
  getCompanyNotifications,
  saveCompanyNotifications,
} from '@talentloop/contract/api/company-settings';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import { readNotifications } from './queries.ts';
import { createCompanySettingsService } from './service.ts';

// Company view profile, Notifications & Communication (issue 11). Clients only (the contract's
// access); the company is always the caller's own, never named by the request.

export async function companySettingsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const settings = createCompanySettingsService(deps);

  route(app, getCompanyNotifications, {}, async (request) => {
    const saved = await readNotifications(deps.db, currentUser(request).id);
    return { status: 'success' as const, responseMessage: 'Notification preferences', ...saved };
  });

  route(app, saveCompanyNotifications, {}, async (request) => {
    const { mail, version } = request.body;
    const saved = await settings.saveNotifications(currentUser(request).id, mail, version);
    return { status: 'success' as const, responseMessage: MSG.notificationsSaved, ...saved };
  });
}
