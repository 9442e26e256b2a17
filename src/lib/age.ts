// How long ago something happened, in words (Intl.RelativeTimeFormat, no
// library needed): "5 minutes ago", "yesterday".
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];
const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function formatAge(iso: string, now = Date.now()): string {
  const elapsed = now - Date.parse(iso);
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsed) >= ms) return words.format(-Math.round(elapsed / ms), unit);
  }
  return 'just now';
}
