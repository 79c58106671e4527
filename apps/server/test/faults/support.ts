// The fault suite's harness, one import for the scenarios: real server processes
// (`node apps/server/src/server.ts`), a real PostgreSQL server in a throwaway cluster, real HTTP
// from this process (load generated outside the server's event loop). Each concern has its own
// module under support/:
//   harness.ts    repoRoot, until, free ports, temp dirs, and the cleanup (`useFaultHarness`)
//   processes.ts  server processes: start, wait until they answer, kill
//   http.ts       calls with their timing, fresh connections, cookies, the intended 503
//   load.ts       workers that call until stopped, every outcome recorded
//   accounts.ts   verified accounts made through the API with the mailed code
//   saves.ts      tagged skill saves, so a partial save is visible
//   postgres.ts   a throwaway PostgreSQL cluster: stop, start, freeze, query
//   mail.ts       the SMTP sink (test/support/smtp-sink.ts), closed with the file
//   counts.ts     what each scenario did, for the table the global teardown prints

export * from './support/accounts.ts';
export * from './support/counts.ts';
export * from './support/harness.ts';
export * from './support/http.ts';
export * from './support/load.ts';
export * from './support/mail.ts';
export * from './support/postgres.ts';
export * from './support/processes.ts';
export * from './support/saves.ts';
