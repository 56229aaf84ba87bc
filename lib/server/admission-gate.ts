export interface AdmissionLimits {
  /** Requests handled at once. */
  inFlight: number;
  /** Requests waiting for a slot, first come first served; one more is refused at once. */
  queue: number;
  /** How long a request may wait in the queue before it is refused. */
  maxWaitMs: number;
}

/** Why a request was not admitted: the queue was full when it came, or it waited too long. */
export type Refusal = 'queue_full' | 'waited_too_long';

export interface AdmissionTicket {
  /**
   * The request is over (answered, or its client went away): frees its slot for the next one in
   * the queue, or takes it out of the queue. Safe to call more than once.
   */
  leave(): void;
}

export interface AdmissionGate {
  /**
   * Runs `admitted` when a slot is free (now, or when one frees up), or `refused` when the queue
   * is full or the wait ran out. Exactly one of them runs, unless the ticket is left first.
   */
  enter(admitted: () => void, refused: (reason: Refusal) => void): AdmissionTicket;
  /** Requests in flight and waiting (for the metrics and the tests). */
  readonly inFlight: number;
  readonly queued: number;
}

interface Waiter {
  admitted: () => void;
  timer: ReturnType<typeof setTimeout>;
  state: 'queued' | 'admitted' | 'done';
}

/**
 * A bounded number of requests at once, a bounded FIFO queue behind them and a bounded wait in it:
 * overload becomes a short wait, then a refusal the client can retry, never an unbounded pile of
 * work that makes every request slow (and then time out, or reset).
 */
export function createAdmissionGate(limits: AdmissionLimits): AdmissionGate {
  let inFlight = 0;
  const queue: Waiter[] = [];

  const admitNext = () => {
    while (inFlight < limits.inFlight && queue.length) {
      const waiter = queue.shift()!;
      clearTimeout(waiter.timer);
      waiter.state = 'admitted';
      inFlight++;
      waiter.admitted();
    }
  };

  return {
    get inFlight() {
      return inFlight;
    },
    get queued() {
      return queue.length;
    },
    enter(admitted, refused) {
      if (inFlight < limits.inFlight && !queue.length) {
        inFlight++;
        let left = false;
        admitted();
        return {
          leave() {
            if (left) return;
            left = true;
            inFlight--;
            admitNext();
          },
        };
      }
      if (queue.length >= limits.queue) {
        refused('queue_full');
        return { leave() {} };
      }
      const waiter: Waiter = {
        admitted,
        state: 'queued',
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          waiter.state = 'done';
          refused('waited_too_long');
        }, limits.maxWaitMs),
      };
      queue.push(waiter);
      return {
        leave() {
          if (waiter.state === 'queued') {
            clearTimeout(waiter.timer);
            queue.splice(queue.indexOf(waiter), 1);
          } else if (waiter.state === 'admitted') {
            inFlight--;
            admitNext();
          }
          waiter.state = 'done';
        },
      };
    },
  };
}
