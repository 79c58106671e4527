import { PORTFOLIO_FILE_MAX_BYTES, PORTFOLIO_MAX_ITEMS } from '@talentloop/contract';
import { PORTFOLIO_MESSAGES, PortfolioSaveBody, getPortfolio, savePortfolio } from '@talentloop/contract/api/portfolio';
import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { currentUser } from '../../http/guards.ts';
import { route } from '../../http/route.ts';
import { parseOrThrow } from '../../http/validate.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Db } from '../../infra/db/client.ts';
import type { FileStorage } from '../../infra/storage.ts';
import { computeCompletion } from '../freelancer-profile/completion.ts';
import * as service from './service.ts';
import { type PortfolioFile, acceptPortfolioFile } from './sniff.ts';

type Deps = { db: Db; clock: Clock; storage: FileStorage; auth: preHandlerHookHandler };

/**
 * The multipart body of a save: `profileData` (JSON text) and the `portfolioContent` files in
 * order. Each file is cut off at PORTFOLIO_FILE_MAX_BYTES while it streams in (TL_CORE_10094_E),
 * and at most PORTFOLIO_MAX_ITEMS files are read.
 */
async function readSaveRequest(request: FastifyRequest): Promise<{ profileData: string | undefined; parts: Buffer[] }> {
  if (!request.isMultipart()) throw new AppError('TL_CORE_00415_E', 'Send the portfolio as multipart/form-data.');
  let profileData: string | undefined;
  const parts: Buffer[] = [];
  try {
    const stream = request.parts({
      limits: { fileSize: PORTFOLIO_FILE_MAX_BYTES, files: PORTFOLIO_MAX_ITEMS, fields: 4, fieldSize: 64 * 1024, parts: 8 },
    });
    for await (const part of stream) {
      if (part.type === 'field') {
        if (part.fieldname === 'profileData') profileData = String(part.value);
      } else if (part.fieldname === 'portfolioContent') {
        parts.push(await part.toBuffer());
      } else {
        await part.toBuffer();
        throw new AppError('TL_CORE_00400_E', `Unexpected file part '${part.fieldname.slice(0, 40)}'.`);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('TL_CORE_10094_E');
    if (code === 'FST_FILES_LIMIT') throw new AppError('TL_CORE_10120_E');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('TL_CORE_00413_E');
    throw err;
  }
  return { profileData, parts };
}

export async function portfolioRoutes(app: FastifyInstance, deps: Deps) {
  const { db } = deps;
  const auth = { preHandler: [deps.auth] };

  route(app, getPortfolio, auth, async (request) => {
    const user = currentUser(request);
    const [portfolioDto, version, competitionPercentage] = [
      await service.readPortfolio(db, user.id),
      await service.readPortfolioVersion(db, user.id),
      await computeCompletion(db, user.id),
    ];
    return { status: 'success' as const, message: 'Portfolio loaded', portfolioDto, version, competitionPercentage };
  });

  route(app, savePortfolio, auth, async (request) => {
    const user = currentUser(request);
    const { profileData, parts } = await readSaveRequest(request);
    let json: unknown;
    try {
      json = JSON.parse(profileData ?? '');
    } catch {
      throw new AppError('TL_CORE_10104_E');
    }
    const input = parseOrThrow(PortfolioSaveBody, json);
    // Cheap checks first, so a bad request never costs an image decode.
    service.checkPortfolioSave(input, parts.length);
    const uploads: PortfolioFile[] = [];
    for (const part of parts) uploads.push(await acceptPortfolioFile(part));
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
