// The demo seeder's defaults, apart so the command line reads them without loading the seeder.

/** How many demo profiles `npm run seed:demo` makes without --count. */
export const DEMO_DEFAULT_COUNT = 200;
/** Which generated people (the same seed gives the same profiles). */
export const DEMO_DEFAULT_SEED = 20;
export const DEMO_MAX_COUNT = 1_000_000;
