// A list's pages (the groups, the users' directory): Previous and Next, and
// which page of how many. The page is the address's, so the list can be shared.
import { useEffect, useRef } from 'react';

export function Pager({
  label,
  page,
  pages,
  onTurn,
}: {
  /** The nav's name, e.g. "Pages of groups". */
  label: string;
  page: number;
  pages: number;
  onTurn: (to: number) => void;
}) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  /**
   * A button that becomes disabled hands the keyboard to the other one once
   * the new page is on screen (the page is in the address, a deferred update).
   */
  const handOver = useRef<HTMLButtonElement | null>(null);
  const turn = (to: number) => {
    handOver.current = (to === 0 ? next : to + 1 >= pages ? previous : null)?.current ?? null;
    onTurn(to);
  };
  useEffect(() => {
    const button = handOver.current;
    handOver.current = null;
    if (button && !button.disabled) button.focus();
  }, [page]);
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="pager">
      <button
        type="button"
        className="secondary"
        ref={previous}
        disabled={page === 0}
        onClick={() => turn(page - 1)}
      >
        Previous page
      </button>
      <span>
        Page {Math.min(page, pages - 1) + 1} of {pages}
      </span>
      <button
        type="button"
        className="secondary"
        ref={next}
        disabled={page + 1 >= pages}
        onClick={() => turn(page + 1)}
      >
        Next page
      </button>
    </nav>
  );
}
