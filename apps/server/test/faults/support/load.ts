import { type Answer, isIntended503 } from './http.ts';

// Load: workers that call until stopped, every outcome recorded.

export type Outcome = { at: number; status?: number; intended503?: boolean; error?: string; ms: number; label: string };

export function startLoad(workers: number, task: (worker: number, round: number) => Promise<{ answer: Answer; label: string }>) {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let round = 0; !stopped; round++) {
      const started = Date.now();
      try {
        const { answer, label } = await task(worker, round);
        outcomes.push({ at: started, status: answer.status, intended503: isIntended503(answer), ms: answer.ms, label });
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        outcomes.push({
          at: started,
          error: cause?.code ?? cause?.message ?? (err as Error).message,
          ms: Date.now() - started,
          label: 'error',
        });
        // A refused connection answers at once: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  });
  return {
    outcomes,
    count: (predicate: (o: Outcome) => boolean) => outcomes.filter(predicate).length,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** 5xx answers other than the intended 503 with its envelope. */
export const unexpected5xx = (outcomes: Outcome[]) => outcomes.filter((o) => (o.status ?? 0) >= 500 && !o.intended503).length;
