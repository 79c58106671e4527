import { prepareTestTemplate } from './database.ts';

// Once per run of the 'api' and 'api-pg' projects, before any test file: the database template
// every file copies (see prepareTestTemplate). Its time is the machine's: no ceiling applies here.
export default async function setup(): Promise<void> {
  const started = performance.now();
  await prepareTestTemplate();
  const seconds = (performance.now() - started) / 1000;
  if (seconds > 5) process.stdout.write(`test database template made in ${seconds.toFixed(1)} s\n`);
}
