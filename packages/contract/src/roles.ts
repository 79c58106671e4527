// Role tests on a user's server roles, apart from the menus (menus.ts re-exports them) so the web
// app's first load can use them without carrying every role's menu (issue 37, first-load JS).

/** A user holding the server's 'operator' role. */
export const isOperator = (roles: readonly string[] | undefined) => !!roles?.includes('operator');

/** A company account: the server's role 'client' (the spec's 'company'). */
export const isClient = (roles: readonly string[] | undefined) => !!roles?.some((r) => r === 'client' || r === 'company');
