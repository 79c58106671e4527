// The unit project's setup (vitest.config.ts). happy-dom 21 does not know HTML's <search> element
// (the talent search and the console's account search use it): it made an HTMLUnknownElement and
// React printed "The tag <search> is unrecognized in this browser" into every run. Browsers make it
// a plain HTMLElement with the search landmark role; happy-dom is taught the same (it answers the
// role from the aria attributes and tag name elsewhere). Remove once happy-dom lists `search`.
import HTMLElementConfig from 'happy-dom/lib/config/HTMLElementConfig.js';

const config = HTMLElementConfig as unknown as Record<string, unknown>;
config.search ??= config.section;
