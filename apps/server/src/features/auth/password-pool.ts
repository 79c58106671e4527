import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';
import { AppError } from '../../http/app-error.ts';

// Password hashing off the event loop and below it (issue 12, docs/decisions.md): a small pool of
// worker threads (password-worker.ts), each running argon2id synchronously at a lowered priority.
// Jobs wait in a bounded queue; a full queue refuses at once with 503 TL_CORE_00503_E, so a login
// flood cannot grow memory without bound. Threads start on the first job and are unref'd while
// idle (an idle pool never keeps a process alive); close() drains what was accepted, then stops them.

export type PasswordJob =
  | { id: number; op: 'hash'; password: string; options?: Options }
  | { id: number; op: 'verify'; hash: string; password: string }
  | { id: number; op: 'nice' };
export type PasswordResult = { id: number; value: string | boolean | number } | { id: number; error: string };
type JobInput = PasswordJob extends infer J ? (J extends PasswordJob ? Omit<J, 'id'> : never) : never;

type Pending = { job: PasswordJob; resolve: (value: unknown) => void; reject: (err: Error) => void };
type Slot = { worker: Worker; busy: Pending | null };

/** Threads: one per core the process may use, at most 8 (each hash holds memoryCost KiB while it runs). */
export const PASSWORD_POOL_MAX_THREADS = 8;
/** Jobs that may wait per thread beyond those running: about half a second of hashing at 2 threads. */
export const PASSWORD_QUEUE_PER_THREAD = 32;

export type PasswordPoolOptions = { options: Options; size?: number; maxQueued?: number };

export function createPasswordPool({ options, size, maxQueued }: PasswordPoolOptions) {
  const threads = Math.max(1, size ?? Math.min(PASSWORD_POOL_MAX_THREADS, os.availableParallelism()));
  const queueLimit = Math.max(0, maxQueued ?? threads * PASSWORD_QUEUE_PER_THREAD);
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;
  let drained: (() => void) | null = null;

  function spawn(): Slot {
    const worker = new Worker(new URL('./password-worker.ts', import.meta.url), { workerData: { options } });
    const slot: Slot = { worker, busy: null };
    worker.unref();
    worker.on('message', (result: PasswordResult) => {
      const pending = slot.busy;
      // Not this slot's job (a 'nice' question sent straight to the thread): its own listener answers it.
      if (!pending || pending.job.id !== result.id) return;
      slot.busy = null;
      worker.unref();
      if ('error' in result) pending.reject(new Error(`password hashing failed: ${result.error}`));
      else pending.resolve(result.value);
      pump();
    });
    worker.on('error', (err) => lost(slot, err));
    worker.on('exit', (code) => lost(slot, new Error(`password thread exited (${code})`)));
    return slot;
  }

  /** A thread that died: its job fails, and a new thread takes its place (unless closing). */
  function lost(slot: Slot, err: Error) {
    const i = slots.indexOf(slot);
    if (i < 0) return;
    slots.splice(i, 1);
    slot.busy?.reject(err);
    slot.busy = null;
    if (!closed || queue.length) pump();
    else settle();
  }

  function pump() {
    while (queue.length) {
      let slot = slots.find((s) => !s.busy);
      if (!slot && slots.length < threads) {
        slot = spawn();
        slots.push(slot);
      }
      if (!slot) break;
      const pending = queue.shift() as Pending;
      slot.busy = pending;
      slot.worker.ref();
      slot.worker.postMessage(pending.job);
    }
    settle();
  }

  function settle() {
    if (drained && !queue.length && slots.every((s) => !s.busy)) drained();
  }

  function run<T>(input: JobInput): Promise<T> {
    if (closed) return Promise.reject(new AppError('TL_CORE_00503_E'));
    const running = slots.filter((s) => s.busy).length;
    const idle = Math.max(0, threads - running);
    if (queue.length >= queueLimit + idle) return Promise.reject(new AppError('TL_CORE_00503_E'));
    return new Promise<T>((resolve, reject) => {
      queue.push({ job: { ...input, id: nextId++ } as PasswordJob, resolve: resolve as (v: unknown) => void, reject });
      pump();
    });
  }

  return {
    threads,
    queueLimit,
    /** A new hash at the pool's cost, or at `options` (the app's config.passwordHash). */
    hash: (password: string, options?: Options) => run<string>({ op: 'hash', password, options }),
    /** False for a wrong password or a stored value that is not an argon2 hash; rejects only when the pool cannot take the job. */
    verify: (hash: string, password: string) => run<boolean>({ op: 'verify', hash, password }),
    /** True when a job sent now would be refused (every thread busy and the queue full). */
    full: () => !closed && queue.length >= queueLimit + Math.max(0, threads - slots.filter((s) => s.busy).length),
    /** Starts every thread (if not yet) and answers each one's nice value: for tests and checks. */
    async niceValues(): Promise<number[]> {
      while (slots.length < threads && !closed) slots.push(spawn());
      // One 'nice' job per thread, sent straight to each (not through the queue).
      return Promise.all(
        slots.map(
          (slot) =>
            new Promise<number>((resolve, reject) => {
              const worker = slot.worker;
              const id = nextId++;
              const onMessage = (r: PasswordResult) => {
                if (r.id !== id) return;
                worker.off('message', onMessage);
                if ('error' in r) reject(new Error(r.error));
                else resolve(r.value as number);
              };
              // Ahead of the slot's own handler, which ignores answers to jobs it did not send.
              worker.prependListener('message', onMessage);
              worker.postMessage({ id, op: 'nice' } satisfies PasswordJob);
            }),
        ),
      );
    },
    /** Refuses new jobs, waits for those accepted, then stops the threads. */
    async close(): Promise<void> {
      if (!closed) closed = true;
      if (queue.length || slots.some((s) => s.busy)) await new Promise<void>((resolve) => (drained = resolve));
      const stopping = slots.splice(0);
      await Promise.all(stopping.map((s) => s.worker.terminate()));
    },
  };
}
export type PasswordPool = ReturnType<typeof createPasswordPool>;
