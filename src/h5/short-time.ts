// "MM-DD HH:mm" in the phone's time zone, as the H5 pages show a deadline (no date library in a
// page's first load for one format).
const two = (n: number) => String(n).padStart(2, '0');

export function monthDayTime(iso: string | Date): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
