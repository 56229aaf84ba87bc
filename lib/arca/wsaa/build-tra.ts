/** ARCA's clocks run in Argentina time; WSAA wants ISO 8601 with an explicit offset. */
export function argentinaTime(date: Date, milliseconds = false): string {
  const shifted = new Date(date.getTime() - 3 * 3_600_000).toISOString();
  return (milliseconds ? shifted.slice(0, 23) : shifted.slice(0, 19)) + '-03:00';
}

interface TraOptions {
  service: string;
  now?: Date;
  /** Seconds; defaults to the current Unix time (unique per second, as WSAA expects). */
  uniqueId?: number;
}

// Generation 10 minutes back absorbs clock skew with ARCA; expiration 10 minutes ahead.
export const TRA_SKEW_MS = 10 * 60_000;

/** The login ticket request (TRA) LoginCms signs. */
export function buildTra(options: TraOptions): string {
  const now = options.now ?? new Date();
  const uniqueId = options.uniqueId ?? Math.floor(now.getTime() / 1000);
  if (!/^[a-z_0-9]{2,40}$/i.test(options.service)) throw new Error('Invalid WSAA service name.');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<loginTicketRequest version="1.0">',
    '<header>',
    `<uniqueId>${uniqueId}</uniqueId>`,
    `<generationTime>${argentinaTime(new Date(now.getTime() - TRA_SKEW_MS))}</generationTime>`,
    `<expirationTime>${argentinaTime(new Date(now.getTime() + TRA_SKEW_MS))}</expirationTime>`,
    '</header>',
    `<service>${options.service}</service>`,
    '</loginTicketRequest>',
  ].join('');
}
