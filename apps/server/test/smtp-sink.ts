// Moved to support/smtp-sink.ts (the one sink of the API, fault and browser suites); kept so older imports still work.
export * from './support/smtp-sink.ts';
