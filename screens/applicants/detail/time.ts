const FORMAT = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** 'YYYY-MM-DD HH:mm' in Stockholm for unix seconds (the log's and the notes' times). */
export function dateTime(unix: number): string {
  return FORMAT.format(new Date(unix * 1000)).replace(',', '');
}
