const tails = new Map<string, Promise<void>>();

/**
 * Runs `work` after every earlier `work` of this process for the same key, first come first served.
 * Senders of one process queue here instead of polling the database for the sequence; the database
 * claim (claimSequence) still decides between processes.
 */
export async function inLocalTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
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
}
