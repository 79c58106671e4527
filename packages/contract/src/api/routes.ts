// Method and path of the calls the web app makes before its first screen (session refresh, logout,
// page views), kept free of zod so that screen does not load the schema library. The endpoints in
// this folder spread these, so each path is still written once.
export const ROUTES = {
  refresh: { method: 'GET', path: '/auth/refresh', auth: false },
  logout: { method: 'GET', path: '/auth/logout', auth: false },
  pageView: { method: 'POST', path: '/analytics/page-view', auth: false },
} as const;
