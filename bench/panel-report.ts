// The panel's figures, the median of the runs, with the targets.
import type { Run } from './panel';
import { median, type Results } from './table';
import { entryChunkKb } from './weight';

export function reportPanel(runs: Run[], results: Results): void {
  const m = (pick: (run: Run) => number) => median(runs.map(pick));
  const weight = m((run) => run.weight.totalKb);
  const files = runs[0]!.weight.files.length;
  results.add(
    `Panel JS+CSS before first rows (${files} files)`,
    weight,
    'KB gzip',
    '≤ 100 KB',
    weight <= 100,
  );
  const entry = entryChunkKb();
  results.add(`Entry chunk alone (${entry.file})`, entry.gzipKb, 'KB gzip');

  const n = `, median of ${runs.length}`;
  const firstRows = m((run) => run.firstRowsMs);
  const bare = m((run) => run.bareMs);
  results.add(`10,000 connectors: navigation → first rows${n}`, firstRows, 'ms');
  results.add(`Same page: bare fetch + JSON.parse${n}`, bare, 'ms');
  const ratio = firstRows / bare;
  results.add('First rows ÷ bare fetch + parse', ratio, '×', '≤ 2×', ratio <= 2);
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
