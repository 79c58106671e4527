// Records the landing page's product tour from the product's real screens and encodes it with
// ffmpeg (Debian: apt-get install ffmpeg). Not a test: run it when the screens change.
//
//   npx tsx e2e/support/record-tour.ts
//
// Builds the web app, starts the real server with a throwaway database and a loopback SMTP server,
// walks through sign-up, code verification and the dashboard in headless Chromium, takes a
// screenshot of each scene and writes apps/web/public/landing/{tour.webm, tour-poster.webp,
// tour.en.vtt}.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page, request } from '@playwright/test';
import { type Mailbox, startMailbox } from '../../apps/server/test/support/smtp-sink.ts';
import { completeOnboarding } from './signed-in.ts';
import { chromiumLaunchOptions } from './chromium.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'apps/web/public/landing');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tl-tour-'));
const SIZE = { width: 1280, height: 720 };
const SCENE_S = 3;
const FADE_S = 0.6;
const PASSWORD = 'Str0ng!pass';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function startServer(smtpPort: number): Promise<{ origin: string; child: ChildProcess }> {
  const webDist = path.join(work, 'web');
  execFileSync('npx', ['vite', 'build', 'apps/web', '--logLevel', 'warn', '--outDir', webDist, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  const port = await freePort();
  const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: path.join(work, 'data'),
      WEB_DIST: webDist,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}/?tls=off`,
      LOG_LEVEL: 'warn',
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { origin, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

type Scene = { file: string; caption: string };

async function recordScenes(origin: string, mailbox: Mailbox): Promise<Scene[]> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const context = await browser.newContext({ viewport: SIZE, baseURL: origin, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const scenes: Scene[] = [];
  const shot = async (caption: string, p: Page = page) => {
    await p.waitForLoadState('networkidle');
    // The landing page swaps in Inter after its first paint, and its pictures after that.
    await p.waitForFunction(() => document.fonts.check('1em "Inter Variable"') && [...document.images].every((i) => i.complete));
    await p.evaluate(() => document.fonts.ready);
    const file = path.join(work, `scene-${scenes.length}.png`);
    await p.screenshot({ path: file });
    scenes.push({ file, caption });
  };

  await page.goto('/');
  await page.getByRole('contentinfo').waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('The landing page: remote work for vetted talent.');
  await page
    .getByRole('heading', { name: 'Found by companies, without the bidding' })
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -90));
  await shot('Every step in view, verified companies, no bidding, a vetted pool.');

  const email = 'asha.rao@example.com';
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await shot('Sign up as remote talent with your name, email and a strong password.');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
  await page.getByLabel('Digit 1 of 5').fill(await mailbox.waitForCode(email));
  await shot('Enter the 5-digit code we email you.');
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('dialog', { name: 'Email Verified' }).waitFor();
  await shot('Email verified: next, your profile.');

  // The three setup steps have their own screens; the tour skips ahead through the API.
  const api = await request.newContext({ baseURL: origin, storageState: await context.storageState() });
  const login = await api.post('/api/auth/login', { data: { email, password: PASSWORD } });
  await completeOnboarding(api, (await login.json()).accessToken, { firstName: 'Asha', lastName: 'Rao' });
  await api.dispose();

  await page.goto('/freelancer/dashboard');
  await page.getByRole('heading', { name: "Looks like there's nothing here yet." }).waitFor();
  await shot('Your dashboard: you are in the talent pool, and we email you when you are shortlisted.');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await page.getByRole('link', { name: 'Community' }).click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.mouse.move(900, 400);
  await shot('Join the community of remote workers.');
  await browser.close();
  return scenes;
}

function vtt(scenes: Scene[]): string {
  const at = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${(s % 60).toFixed(3).padStart(6, '0')}`;
  const step = SCENE_S - FADE_S;
  const cues = scenes.map(
    (s, i) => `${i + 1}\n${at(i * step)} --> ${at(i * step + step + (i === scenes.length - 1 ? FADE_S : 0))}\n${s.caption}\n`,
  );
  return `WEBVTT\n\n${cues.join('\n')}`;
}

function encode(scenes: Scene[]) {
  const inputs = scenes.flatMap((s) => ['-loop', '1', '-t', String(SCENE_S), '-framerate', '24', '-i', s.file]);
  const steps: string[] = [];
  let last = '[0:v]';
  for (let i = 1; i < scenes.length; i++) {
    const label = i === scenes.length - 1 ? '[v]' : `[x${i}]`;
    steps.push(`${last}[${i}:v]xfade=transition=fade:duration=${FADE_S}:offset=${(i * (SCENE_S - FADE_S)).toFixed(2)}${label}`);
    last = label;
  }
  const filter = `${steps.join(';')};[v]format=yuv420p[out]`;
  const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  ffmpeg([
    ...inputs,
    '-filter_complex',
    filter,
    '-map',
    '[out]',
    '-an',
    '-c:v',
    'libvpx-vp9',
    '-crf',
    '40',
    '-b:v',
    '0',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '4',
    path.join(out, 'tour.webm'),
  ]);
  const first = scenes[0];
  if (!first) throw new Error('no scenes');
  ffmpeg(['-i', first.file, '-vf', 'scale=1280:720', '-c:v', 'libwebp', '-quality', '72', path.join(out, 'tour-poster.webp')]);
}

const mailbox = await startMailbox();
const { origin, child } = await startServer(mailbox.port);
try {
  const scenes = await recordScenes(origin, mailbox);
  fs.mkdirSync(out, { recursive: true });
  encode(scenes);
  fs.writeFileSync(path.join(out, 'tour.en.vtt'), vtt(scenes));
  for (const f of ['tour.webm', 'tour-poster.webp', 'tour.en.vtt']) {
    process.stdout.write(`${f}: ${(fs.statSync(path.join(out, f)).size / 1024).toFixed(1)} KB\n`);
  }
} finally {
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await mailbox.close();
  fs.rmSync(work, { recursive: true, force: true });
}
