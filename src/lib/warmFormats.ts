// The platform's formats the list's first rows use (counts, ages, dates), made
// and used once while the list is on its way: the first use of each loads its
// locale data, which cost ~90–270 ms in Chromium profiles of the 10,000 list
// when it came after the answer (docs/performance.md, the panel's first rows).
import { formatAge } from './age';
import { formatDateTime } from './format';
import { countOf } from './plural';

export function warmFormats(): void {
  const now = new Date();
  countOf(10_000, 'connector');
  formatAge(now.toISOString(), now.getTime() + 3_600_000);
  formatDateTime(now.toISOString());
}
