import { getPublicProfile } from '@talentloop/contract/api/account';
import { type ReviewBody, createReview, finishHire, listHires } from '@talentloop/contract/api/reviews';
import { addCandidate, createShortlist, updateCandidate } from '@talentloop/contract/api/shortlists';
import { type TestApp, call, expectOk, okBody } from '../helpers.ts';
import { createOperator, verifiedCompany, vettedFreelancer } from '../talent/loop-support.ts';

// Hires and reviews (issue 22): a verified company selects a vetted freelancer from its shortlist
// (the real loop), which makes the hire these tests work on.

export const goodReview = (stars = 5, text = 'Delivered a clean, accessible design system on time.'): ReviewBody => ({
  ratings: { quality: stars, communication: stars, reliability: stars, expertise: stars },
  text,
});

export type Company = Awaited<ReturnType<typeof verifiedCompany>>;

/** Shortlists and selects `slug` for the company; the candidate's id and version after the move. */
export async function select(app: TestApp, company: Company, slug: string, role = 'Senior Designer') {
  const list = okBody(await call(app, createShortlist, { body: { name: role } }, { token: company.token })).shortlist;
  const added = okBody(await call(app, addCandidate, { params: { shortlistId: list.id }, body: { slug } }, { token: company.token }));
  const moved = okBody(
    await call(
      app,
      updateCandidate,
      { params: { shortlistId: list.id, candidateId: added.candidate.id }, body: { stage: 'selected', note: '', version: 0 } },
      { token: company.token },
    ),
  );
  return { listId: list.id, candidateId: moved.candidate.id, version: moved.candidate.version };
}

export async function hiresOf(app: TestApp, token: string) {
  return okBody(await call(app, listHires, {}, { token })).hires;
}

/** A company, a vetted freelancer and an operator; the company selected the freelancer (one hire). */
export async function hired(app: TestApp, opts: { companyName?: string } = {}) {
  const operator = await createOperator(app);
  const company = await verifiedCompany(app, opts.companyName ?? 'Acme Labs');
  const f = await vettedFreelancer(app, operator.accessToken);
  const selection = await select(app, company, f.slug);
  const [hire] = await hiresOf(app, company.token);
  if (!hire) throw new Error('selecting made no hire');
  return { operator, company, f, selection, hire };
}

/** `hired`, then the hire finished and reviewed with `body`. */
export async function reviewed(app: TestApp, body: ReviewBody = goodReview(), opts: { companyName?: string } = {}) {
  const setting = await hired(app, opts);
  expectOk(await call(app, finishHire, { params: { hireId: setting.hire.id }, body: { version: 0 } }, { token: setting.company.token }));
  const made = okBody(await call(app, createReview, { params: { hireId: setting.hire.id }, body }, { token: setting.company.token }));
  const review = made.hire.review;
  if (!review) throw new Error('no review');
  return { ...setting, review };
}

export async function profileOf(app: TestApp, slug: string, token: string) {
  return okBody(await call(app, getPublicProfile, { params: { slug } }, { token })).profile;
}
