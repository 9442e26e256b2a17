// The panel's figures, the median of the runs, with the targets.
import { count, scale } from './config';
import type { Run } from './panel';
import { median, type Results } from './table';
import { entryChunkKb, WEIGHT_TARGET_KB } from './weight';

export function reportPanel(runs: Run[], fleetRuns: number[], results: Results): void {
  const m = (pick: (run: Run) => number) => median(runs.map(pick));
  const weight = m((run) => run.weight.totalKb);
  const files = runs[0]!.weight.files.length;
  results.add(
    `Panel JS+CSS before first rows (${files} files)`,
    weight,
    'KB gzip',
    `≤ ${WEIGHT_TARGET_KB} KB`,
    weight <= WEIGHT_TARGET_KB,
  );
  const entry = entryChunkKb();
  results.add(`Entry chunk alone (${entry.file})`, entry.gzipKb, 'KB gzip');

  const n = `, median of ${runs.length}`;
  const firstRows = m((run) => run.firstRowsMs);
  const barePage = m((run) => run.barePageMs);
  results.add(
    `${count(scale.connectors)} connectors: navigation → first rows${n}`,
    firstRows,
    'ms',
  );
  results.add(`Bare page (plain JS: fetch, 150 rows), navigation → first rows${n}`, barePage, 'ms');
  const ratio = firstRows / barePage;
  results.add('First rows ÷ bare page', ratio, '×', '≤ 1.5×', ratio <= 1.5);
  // Where the time went: each step's end after navigation (its start in the unit),
  // the median of the runs that made it; the bare page's whole load for scale.
  const stepNames = [...new Set(runs.flatMap((run) => run.steps.map((step) => step.what)))];
  for (const what of stepNames) {
    const made = runs.flatMap((run) => run.steps.filter((step) => step.what === what));
    const from = median(made.map((step) => step.startAt));
    results.add(
      `First rows' step: ${what}, answered${n}`,
      median(made.map((step) => step.endAt)),
      `ms after navigation (asked at ${Math.round(from)} ms; in ${made.length} of ${runs.length} runs)`,
    );
  }
  results.add(
    `Inside the panel: bare fetch + JSON.parse of the list${n}`,
    m((run) => run.bareMs),
    'ms',
  );
  const fleet = median(fleetRuns);
  const fleetFigure = `${scale.fleet} connectors: navigation → first rows, median of ${fleetRuns.length}`;
  // "Must not regress": against the previous run's figure on this machine, when
  // bench/results.json holds one; the machine is shared, so 20% is noise.
  const before = results.previous(fleetFigure);
  if (before === undefined) results.add(fleetFigure, fleet, 'ms', 'no earlier run', null);
  else
    results.add(
      fleetFigure,
      fleet,
      'ms',
      `≤ 1.2× last run (${Math.round(before)} ms)`,
      fleet <= before * 1.2,
    );
  results.add(
    `Filter: credential A, first load${n}`,
    m((run) => run.filterA),
    'ms',
  );
  results.add(
    `Filter: credential B, first load${n}`,
    m((run) => run.filterB),
    'ms',
  );
  const cached = m((run) => run.filterCachedA);
  results.add(`Filter: back to A, from cache${n}`, cached, 'ms', '< 50 ms', cached < 50);
  const cut = runs.filter((run) => run.scroll.cutShort).length;
  if (cut > 0)
    results.add(
      'Scroll runs stopped at the 3-minute limit before the bottom',
      cut,
      `of ${runs.length}`,
      '0',
      false,
    );
  const long = m((run) => run.scroll.longFrames);
  const frames = m((run) => run.scroll.frames);
  results.add(
    `Scroll top → bottom: frames > 50 ms (of ${frames})${n}`,
    long,
    'frames',
    '0',
    long === 0,
  );
  results.add(
    `Scroll: longest frame${n}`,
    m((run) => run.scroll.longestFrame),
    'ms',
  );
  results.add(
    `Scroll: long-animation-frame entries > 50 ms${n}`,
    m((run) => run.scroll.longAnimationFrames),
    '',
  );
}
