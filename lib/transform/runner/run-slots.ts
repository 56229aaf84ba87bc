/**
 * A job's hold on one of the runner's running slots. A step that only waits (for another job's
 * turn, or for a remote answer) gives its slot back meanwhile, so the runner claims more jobs, and
 * takes one again before it works: a burst of sends on one point of sale then waits together, and
 * goes to ARCA in batches larger than the runner's concurrency.
 */
export interface JobSlot {
  /** Gives the slot back for a wait; a no-op when already given back. */
  release(): void;
  /**
   * Takes a slot again (a no-op when held). `urgent`: ahead of the others waiting for one (a job
   * holding something others wait for, as its sequence's turn).
   */
  retake(urgent?: boolean): Promise<void>;
  /** `wait` with the slot given back; a slot taken again (as `retake`) before returning. */
  whileWaiting<T>(wait: () => Promise<T>, urgent?: boolean): Promise<T>;
}

/**
 * The runner's accounting: at most `concurrency` jobs hold a slot (the ones working), and at most
 * `concurrency + waiting` are held at all (claimed, working or waiting). A job back from a wait
 * takes the next free slot before the claim loop may take any new job.
 */
export function createRunSlots(
  concurrency: number,
  waiting: number,
  /** Told whenever the claim loop may take more jobs than before. */
  onFree: () => void,
) {
  let working = 0;
  let held = 0;
  const queue: (() => void)[] = [];
  const giveBack = () => {
    const next = queue.shift();
    if (next) next();
    else {
      working -= 1;
      onFree();
    }
  };

  return {
    /** How many jobs the claim loop may claim now. */
    free(): number {
      if (queue.length) return 0;
      return Math.max(0, Math.min(concurrency - working, concurrency + waiting - held));
    },
    /** How many jobs are held, working or waiting (tests and logs). */
    held: () => held,
    /** A claimed job: it holds a slot until it ends or releases it. */
    claimed(): JobSlot & { end(): void } {
      working += 1;
      held += 1;
      let holding = true;
      let ended = false;
      const slot = {
        release() {
          if (!holding || ended) return;
          holding = false;
          giveBack();
        },
        async retake(urgent = false) {
          if (holding || ended) return;
          holding = true;
          if (!queue.length && working < concurrency) {
            working += 1;
            return;
          }
          // The slot is handed over by giveBack (working unchanged), so it cannot be lost between.
          await new Promise<void>((resolve) =>
            urgent ? queue.unshift(resolve) : queue.push(resolve),
          );
        },
        async whileWaiting<T>(wait: () => Promise<T>, urgent = false): Promise<T> {
          slot.release();
          try {
            return await wait();
          } finally {
            await slot.retake(urgent);
          }
        },
        end() {
          if (ended) return;
          ended = true;
          held -= 1;
          if (holding) giveBack();
          onFree();
        },
      };
      return slot;
    },
  };
}
