// "MM-DD HH:mm" in the phone's time zone, as the H5 pages show a deadline (no date library in a
// page's first load for one format).
const two = (n: number) => String(n).padStart(2, '0');

export function monthDayTime(iso: string | Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * A server time string ("YYYY-MM-DD HH:mm:ss", China Standard Time as the API gives it) as monthDayTime
 * shows it, in the phone's time zone like the deadlines beside it.
 */
export function monthDayTimeOfCst(cst: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(cst.trim());
  return m ? monthDayTime(`${m[1]}T${m[2]}+08:00`) : '';
}
