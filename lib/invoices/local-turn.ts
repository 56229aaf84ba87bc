/**
 * A queue of turns per key: `work` runs after every earlier `work` queued for the same key, first
 * come first served. One per process (inLocalTurn); tests make one per simulated process.
 */
export function createLocalTurns() {
  const tails = new Map<string, Promise<void>>();
  return async function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = previous.then(() => mine);
    tails.set(key, tail);
    try {
      await previous;
      return await work();
    } finally {
      done();
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

/**
 * This process's turns. Senders of one sequence queue here instead of polling the database for the
 * sequence; the database claim (claimSequence) still decides between processes.
 */
export const inLocalTurn = createLocalTurns();
