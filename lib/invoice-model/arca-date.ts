/** A GOBL date (yyyy-mm-dd) as WSFE writes dates: yyyymmdd. */
export function arcaDate(date: string): string {
  return date.replaceAll('-', '');
}
