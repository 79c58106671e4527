// Issue 37: the login and sign-up forms are HTML first, and a form submitted before its scripts ran
// (or with scripts off) is posted to the page's own path. The server answers with the same page,
// drawn by React with this answer in its page data, and the browser hydrates it with the same data.

/** The page paths a form posts to, and the API endpoint each one's post is passed to. */
export const FORM_POSTS = { login: '/login', signup: '/signup' } as const;
export type PostedForm = keyof typeof FORM_POSTS;

/**
 * What the server answers a posted form with. `values`: what was posted back in the fields, never a
 * password; `failure`: the API's error body (its catalogue code) and status, or the form schema's
 * first message when the post was refused before the call; `emailForCode`: the sign-up went through
 * and the 5-digit code was mailed to this address.
 */
export type FormAnswer = {
  form: PostedForm;
  values: Record<string, string | boolean>;
  failure?: { status: number; responseCode?: string; responseMessage?: string } | { message: string };
  emailForCode?: string;
};
