// The rows of a long list: only those in or near the window, between two
// spacer rows, with the page's own scrolling (a window virtualizer), so 10,000
// connectors scroll smoothly and the page never holds a scrolling box.
import { measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { COLUMNS } from './connectorColumns';
import { ConnectorRow } from './ConnectorRow';
import type { ConnectorTableProps } from './ConnectorTable';

/** A row's height at the usual width, until one is measured. */
const FIRST_ROW_HEIGHT = 44;

/** Where the table body starts in the page, kept up to date as things above it change. */
function useTopInPage(element: RefObject<HTMLElement | null>) {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const rect = element.current?.getBoundingClientRect();
      if (rect) setTop(Math.round(rect.top + window.scrollY));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [element]);
  return top;
}

export default function VirtualRows(props: ConnectorTableProps) {
  const { rows, credentialNames, health, highlightId, selected, onSelect } = props;
  const body = useRef<HTMLTableSectionElement>(null);
  const top = useTopInPage(body);
  // Rows not yet rendered are estimated at the height rows really have here (the
  // last one measured): an estimate that is off moves every row below a row
  // that comes into view, and scrolling far then stalls on those corrections.
  const rowHeight = useRef(FIRST_ROW_HEIGHT);
  // The virtualizer re-renders this component at every scroll step, so what it is
  // given stays the same object between renders: a new getItemKey made it lay out
  // all 10,000 rows again each time (84–351 ms long tasks per step, measured).
  const estimateSize = useCallback(() => rowHeight.current, []);
  const measureRow = useCallback<typeof measureElement>((element, entry, instance) => {
    const height = measureElement(element, entry, instance);
    if (height > 0) rowHeight.current = height;
    return height;
  }, []);
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize,
    measureElement: measureRow,
    scrollMargin: top,
    overscan: 8,
    getItemKey,
  });
  const highlightIndex = useMemo(
    () => rows.findIndex((row) => row.id === highlightId),
    [rows, highlightId],
  );
  useEffect(() => {
    if (highlightIndex >= 0) virtualizer.scrollToIndex(highlightIndex, { align: 'center' });
  }, [highlightIndex, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const before = items.length ? items[0]!.start - top : 0;
  const after = items.length
    ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - top)
    : 0;
  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden="true" className="spacer">
        {/* A height set through the DOM (CSSOM), which the CSP's style-src 'self' allows. */}
        <td colSpan={COLUMNS.length + 1} style={{ height }} />
      </tr>
    );
  return (
    <tbody ref={body}>
      {spacer(before)}
      {items.map((item) => {
        const connector = rows[item.index]!;
        return (
          <ConnectorRow
            key={item.key}
            rowRef={virtualizer.measureElement}
            connector={connector}
            index={item.index}
            credentialNames={credentialNames}
            health={health.get(connector.id)}
            highlight={connector.id === highlightId}
            selected={selected.has(connector.id)}
            onSelect={onSelect}
          />
        );
      })}
      {spacer(after)}
    </tbody>
  );
}
