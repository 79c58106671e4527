import { describe, expect, test } from 'vitest';
import { until, useApi } from '../helpers.ts';
import { freelancerWithBasics } from '../onboarding/support.ts';
import { numberingWebDist, openPage, setPrivacy } from './talent-page-support.ts';

// Talent pages kept in memory on two instances (decision 310): two apps on one PostgreSQL database,
// each keeping the page it drew; a change saved through one is shown by the other, told by the
// database's notification at commit (LISTEN/NOTIFY). On the embedded database two apps never share
// one: the single instance's own notifications are proven in talent-seo.test.ts.

const env = useApi();
const onPostgres = !!process.env.DATABASE_URL;

describe('talent pages on two instances', () => {
  test.skipIf(!onPostgres)(
    'a profile saved through one instance shows on the page the other instance kept, and set private answers 404 there',
    async () => {
      const webDist = await numberingWebDist();
      const one = await env.start({ config: { webDist } });
      const other = await env.start({ config: { webDist } });
      const user = await freelancerWithBasics(one);
      const { slug } = (await setPrivacy(one, user.accessToken, 'public')).body;
      // The other instance hears of a commit a moment after it (LISTEN/NOTIFY is asynchronous): a page
      // it drew before hearing of the save just made is dropped once when it does (run cgJ beside two
      // busy loops). Then the page it drew is kept: two opens in a row give the same render.
      let kept = await openPage(other, slug);
      await until(async () => {
        const again = await openPage(other, slug);
        if (again.render === kept.render) return true;
        kept = again;
        return false;
      }, 'the other instance keeping the page it drew');
      expect(kept.occupation).toBe('Web Developer');

      await setPrivacy(one, user.accessToken, 'hidden');
      await until(async () => (await fetch(`${other.baseUrl}/talent/${slug}`)).status === 404, 'the other instance answering 404');
      await setPrivacy(one, user.accessToken, 'public');
      await until(async () => (await fetch(`${other.baseUrl}/talent/${slug}`)).status === 200, 'the other instance showing the page again');
      const drawn = await openPage(other, slug);
      expect(drawn.render).not.toBe(kept.render);
    },
  );
});
