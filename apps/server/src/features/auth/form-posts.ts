import fs from 'node:fs';
import path from 'node:path';
import { ROUTES, stageDestination } from '@talentloop/contract';
import { API_PREFIX } from '@talentloop/contract/api/define';
import { FORM_POSTS, type FormAnswer, type PostedForm } from '@talentloop/contract/form-answer';
import { LoginFormSchema, SignUpFormSchema } from '@talentloop/contract/validation/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadWebRenderer } from '../../http/web-render.ts';

// Issue 37: login and sign-up are HTML first (built ahead, hydrated). A form submitted before its
// scripts ran, or with scripts off, is posted natively to its page's path; this answers it. The post
// is checked with the form's own schema (the contract's, as the browser checks it) and passed to the
// same API endpoint the app calls (its rate limit, rules, codes and cookies), then answered with
// the same page drawn by React (the build's renderer) holding the outcome: the spec's message on
// the form, or sign-up's next step, the 5-digit code. A login that goes through is sent where the
// app would send it; the refresh cookie the endpoint set restores the session there.

/** A posted form's fields (form-urlencoded; a repeated name keeps its last value). */
type Posted = Record<string, string>;

const BODY_LIMIT = 16 * 1024;

/**
 * The post comes from this site's own page: the browser says so (Sec-Fetch-Site), or, from a browser
 * that does not say, its Origin is this host. A form on another site cannot sign a visitor in.
 */
function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

type Outcome = { redirect: string } | { status: number; answer: FormAnswer };

/** The form's fields as the schema and the endpoint take them, and what is shown back (no password). */
const FORMS: Record<
  PostedForm,
  (posted: Posted) => { check: unknown; call: { path: string; body: object }; shownBack: FormAnswer['values'] }
> = {
  login: (p) => {
    const values = { email: p.email ?? '', password: p.password ?? '' };
    return { check: values, call: { path: ROUTES.login.path, body: values }, shownBack: { email: values.email } };
  },
  signup: (p) => {
    // The account-type radios (the form's userType field, as every field here is named after it).
    const userType = p.userType === 'client' ? 'client' : 'freelancer';
    const values = {
      userType,
      firstName: p.firstName ?? '',
      lastName: p.lastName ?? '',
      company: p.company ?? '',
      emailId: p.emailId ?? '',
      password: p.password ?? '',
      confirmPassword: p.confirmPassword ?? '',
      terms: p.terms !== undefined,
    };
    const { confirmPassword: _c, terms: _t, ...body } = values;
    return {
      check: values,
      call: { path: ROUTES.register.path, body: { ...body, company: userType === 'client' ? values.company : '' } },
      shownBack: {
        userType,
        firstName: values.firstName,
        lastName: values.lastName,
        company: values.company,
        emailId: values.emailId,
        terms: values.terms,
      },
    };
  },
};

const SCHEMAS = { login: LoginFormSchema, signup: SignUpFormSchema } as const;

async function answer(app: FastifyInstance, form: PostedForm, request: FastifyRequest, reply: FastifyReply): Promise<Outcome> {
  const { check, call, shownBack } = FORMS[form](request.body as Posted);
  const checked = SCHEMAS[form].safeParse(check);
  if (!checked.success) {
    return { status: 400, answer: { form, values: shownBack, failure: { message: checked.error.issues[0]?.message ?? '' } } };
  }
  const res = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}${call.path}`,
    payload: call.body,
    remoteAddress: request.ip,
    headers: {
      'content-type': 'application/json',
      ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    },
  });
  const setCookie = res.headers['set-cookie'];
  if (setCookie) reply.header('set-cookie', setCookie);
  const body = res.json() as { responseCode?: string; responseMessage?: string; onBoardingStage?: string | null; emailId?: string };
  if (res.statusCode >= 400) {
    const failure = { status: res.statusCode, responseCode: body.responseCode, responseMessage: body.responseMessage };
    return { status: res.statusCode, answer: { form, values: shownBack, failure } };
  }
  if (form === 'login') return { redirect: stageDestination(body.onBoardingStage) };
  return { status: 200, answer: { form, values: shownBack, emailForCode: body.emailId } };
}

/** POST /login and POST /signup (outside /api): registered by app.ts before the single-page fallback. */
export async function formPostPages(app: FastifyInstance, deps: { webDist: string }) {
  const indexFile = path.join(deps.webDist, 'index.html');
  const renderer = fs.existsSync(indexFile) ? await loadWebRenderer(deps.webDist) : null;
  if (!renderer) return;
  const template = fs.readFileSync(indexFile, 'utf8');
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    for (const [form, pagePath] of Object.entries(FORM_POSTS) as Array<[PostedForm, string]>) {
      scope.post(pagePath, { schema: { hide: true } }, async (request, reply) => {
        if (!sameOrigin(request)) {
          return reply
            .status(403)
            .header('Content-Type', 'text/plain; charset=utf-8')
            .send('This form can only be sent from its own page on this site.');
        }
        if (typeof request.body !== 'object' || request.body === null) return reply.redirect(pagePath, 303);
        const outcome = await answer(app, form, request, reply);
        if ('redirect' in outcome) return reply.redirect(outcome.redirect, 303);
        const html = await renderer.renderDocument(template, pagePath, { formAnswer: outcome.answer });
        return reply
          .status(outcome.status)
          .header('Content-Type', 'text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(html);
      });
    }
  });
}
