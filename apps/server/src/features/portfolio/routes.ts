import { PORTFOLIO_MESSAGES, getPortfolio, savePortfolio } from '@talentloop/contract/api/portfolio';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/guards.ts';
import { readUpload } from '../../http/multipart.ts';
import { route } from '../../http/route.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { computeCompletion } from '../freelancer-profile/completion.ts';
import * as service from './service.ts';
import { type PortfolioFile, storedPortfolioFile } from './files.ts';

type Deps = { db: Db; clock: Clock; storage: FileStorage };

export async function portfolioRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;

  route(app, getPortfolio, {}, async (request) => {
    const user = currentUser(request);
    const [portfolioDto, version, competitionPercentage] = [
      await service.readPortfolio(db, user.id),
      await service.readPortfolioVersion(db, user.id),
      await computeCompletion(db, user.id),
    ];
    return { status: 'success' as const, message: 'Portfolio loaded', portfolioDto, version, competitionPercentage };
  });

  route(app, savePortfolio, {}, async (request) => {
    const user = currentUser(request);
    // Cheap checks first (the items against the files sent), so a bad request never costs a sniff or an image decode.
    const { fields, files } = await readUpload(request, savePortfolio, {
      before: ({ fields, counts }) => service.checkPortfolioSave(fields.profileData, counts.portfolioContent),
    });
    const input = fields.profileData;
    const uploads: PortfolioFile[] = [];
    for (const file of files.portfolioContent) uploads.push(await storedPortfolioFile(file));
    const version = await service.savePortfolio(deps, user.id, input, uploads);
    return {
      status: 'success' as const,
      responseCode: 'TL_CORE_00200_S',
      responseMessage: PORTFOLIO_MESSAGES.saved,
      portfolioDetails: await service.readPortfolio(db, user.id),
      version,
      competitionPercentage: await computeCompletion(db, user.id),
    };
  });
}
