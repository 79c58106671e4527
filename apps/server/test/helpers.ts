// The API suite's harness, one import for the test files. Each concern has its own module under
// support/ (read the one you need):
//   database.ts  a fresh database per test file (PGlite from a migrated template, or PostgreSQL)
//   app.ts       the app under test on a loopback port, `useApi` for a test file
//   clock.ts     durations, the controllable clock, `until` (wait for a state)
//   accounts.ts  users and sessions made through the API, reads of the users table
//   mail.ts      the SMTP sink (smtp-sink.ts) and the outbox
//   http.ts      `call` (typed from the contract), `request` (anything else), `expectFailure`
//   logs.ts      the app's log, captured
//   google.ts    a local stand-in for Google's keys and ID tokens

export * from './support/accounts.ts';
export * from './support/app.ts';
export * from './support/clock.ts';
export * from './support/database.ts';
export * from './support/google.ts';
export * from './support/http.ts';
export * from './support/logs.ts';
export * from './support/mail.ts';
