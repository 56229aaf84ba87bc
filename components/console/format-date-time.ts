const PARTS = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'America/Argentina/Buenos_Aires',
});

/** A moment as Argentine documents write it, `dd/mm/aaaa hh:mm`, in Buenos Aires time, whatever the language. */
export function formatDateTime(date: Date): string {
  const part = Object.fromEntries(PARTS.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}
