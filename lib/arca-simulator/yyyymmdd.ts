// ARCA writes dates as yyyymmdd; the simulator compares and shifts them as whole UTC days.
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a yyyymmdd date. */
export const dayNumber = (yyyymmdd: string) =>
  Date.UTC(
    Number(yyyymmdd.slice(0, 4)),
    Number(yyyymmdd.slice(4, 6)) - 1,
    Number(yyyymmdd.slice(6, 8)),
  ) / DAY_MS;

/** yyyymmdd plus days. */
export const addDays = (yyyymmdd: string, days: number) =>
  new Date((dayNumber(yyyymmdd) + days) * DAY_MS).toISOString().slice(0, 10).replace(/-/g, '');
