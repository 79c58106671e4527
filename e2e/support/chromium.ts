/**
 * Debian's Chromium (or CHROME_PATH) with the flags this closed network needs (without the
 * background-networking flags Chromium floods it with refused connections), and one that saves the
 * suite CPU. (scripts/bench-web.mjs, plain JavaScript, keeps its own copy of the network flags.)
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // V8 stops at its baseline compiler (Sparkplug) instead of optimizing hot code with Maglev and
    // TurboFan: a test's page lives seconds, too short for the optimizing compilers' background work
    // to pay back. Three spec files: renderers 134-148 against 108-112 CPU-seconds, 143-165 against
    // 131-138 s (decision 147). The speed of the app itself is measured by the benchmark
    // (scripts/bench-web.mjs), in a browser without this flag.
    '--js-flags=--max-opt=1',
  ],
};
