// The one table of results: each figure with its target, printed and kept as JSON.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { paths } from './config';
import { QUIET, loadAverage } from './quiet';

interface Row {
  figure: string;
  value: number;
  unit: string;
  /** e.g. "≤ 100 KB"; empty when the figure has no target of its own. */
  target: string;
  met: boolean | null;
  /** The machine's load average (1 min) when the step that took this row began. */
  load: number;
}

export class Results {
  readonly rows: Row[] = [];
  /** The last run's rows (bench/results.json), read before this run replaces them. */
  private readonly before: Row[] = existsSync(paths.results)
    ? ((JSON.parse(readFileSync(paths.results, 'utf8')) as { rows?: Row[] }).rows ?? [])
    : [];

  /** The last run's value of `figure` (whatever its number of runs), if it had one. */
  previous(figure: string): number | undefined {
    const bare = (name: string) => name.replace(/, median of \d+$/, '');
    return this.before.find((row) => bare(row.figure) === bare(figure))?.value;
  }

  /** The load at the start of the step being measured (see `stepStarts`). */
  private stepLoad = loadAverage();

  /** A step begins: the rows it adds record the machine's load now. */
  stepStarts(): void {
    this.stepLoad = loadAverage();
  }

  add(figure: string, value: number, unit: string, target = '', met: boolean | null = null): void {
    this.rows.push({ figure, value, unit, target, met, load: this.stepLoad });
  }

  /**
   * The smoke run's verdict: what shows that a probe no longer measures what it
   * should (a figure that is not a number, a load that got wrong answers; one that
   * got fewer answers than it asked for stops the run, bench/load.ts).
   * Targets are not judged: a tiny data set on a busy machine says nothing of speed.
   */
  brokenFigures(): string[] {
    return this.rows.flatMap((row) => {
      if (!Number.isFinite(row.value) || row.value < 0) return [`${row.figure}: ${row.value}`];
      if (/failed answers$/.test(row.figure) && row.value > 0)
        return [`${row.figure}: ${row.value} ${row.unit}`];
      return [];
    });
  }

  print(): void {
    const cells = this.rows.map((row) => [
      row.figure,
      `${format(row.value)} ${row.unit}`.trim(),
      row.target || '—',
      row.met === null ? '' : row.met ? 'met' : 'MISSED',
      `${row.load.toFixed(2)}${row.load > QUIET ? ' busy' : ''}`,
    ]);
    const header = ['figure', 'value', 'target', 'met?', 'load at start'];
    const widths = header.map((title, i) =>
      Math.max(title.length, ...cells.map((c) => c[i]!.length)),
    );
    const line = (parts: string[]) => parts.map((part, i) => part.padEnd(widths[i]!)).join(' | ');
    console.log(
      ['', line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...cells.map(line), ''].join(
        '\n',
      ),
    );
  }

  write(meta: Record<string, unknown>): void {
    writeFileSync(paths.results, `${JSON.stringify({ ...meta, rows: this.rows }, null, 2)}\n`);
  }
}

function format(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return value.toLocaleString('en-US');
  return value >= 100
    ? Math.round(value).toLocaleString('en-US')
    : value.toFixed(value >= 10 ? 1 : 2);
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
