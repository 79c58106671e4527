/**
 * Debian's Chromium (or CHROME_PATH) with the flags this closed network needs: without the
 * background-networking flags Chromium floods it with refused connections. (scripts/bench-web.mjs,
 * plain JavaScript, keeps its own copy.)
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
  ],
};
