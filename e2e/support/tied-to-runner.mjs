// Runs one of the browser suite's servers (e2e/playwright.config.ts webServer: the mail sink, the app)
// and stops it once the Playwright runner that started it has ended, however it ended.
//
// Usage: E2E_RUNNER_PID=<runner pid> node e2e/support/tied-to-runner.mjs <command> [args...]
//
// Playwright starts each webServer command in a process group of its own and stops that group when
// it ends normally or on SIGINT/SIGTERM; a runner killed with SIGKILL (or dead of anything no handler
// sees) stopped nothing, and the servers kept their ports for the next run (issue 33, decision 182).
// This checks once a second that the runner still exists; when it does not, it stops the server's
// whole process group (led by the shell Playwright started, or by this process) with SIGTERM, or,
// when it is in no group of its own, the command it started. Signals it receives are passed on to the command, and it
// exits with the command's status.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: E2E_RUNNER_PID=<pid> node e2e/support/tied-to-runner.mjs <command> [args...]\n');
  process.exit(2);
}
const owner = Number(process.env.E2E_RUNNER_PID);
const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
child.on('error', (err) => {
  process.stderr.write(`${command}: ${err.message}\n`);
  process.exit(127);
});

/** The process group of `pid` (field 5 of /proc/<pid>/stat), or undefined where /proc cannot say. */
function groupOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return undefined;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists (another user's); only ESRCH means it has ended.
    return err.code !== 'ESRCH';
  }
}

if (Number.isInteger(owner) && owner > 0) {
  const timer = setInterval(() => {
    if (alive(owner)) return;
    clearInterval(timer);
    // The group Playwright made for this server: led by the shell running the command (our parent),
    // or by this process when the shell replaced itself with it.
    const group = groupOf(process.pid);
    const ours = group !== undefined && (group === process.pid || (group === process.ppid && groupOf(process.ppid) === group));
    if (ours) process.kill(-group, 'SIGTERM');
    else child.kill('SIGTERM');
  }, 1000);
}
