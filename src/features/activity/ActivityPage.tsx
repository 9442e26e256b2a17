// The activity log (admins): who changed what, when, in words; the filters
// live in the address, so a filtered view can be shared and reloaded.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { downloadAuditExport, useAuditPage, type AuditFilters } from '../../api/auditHooks';
import { DownloadButton } from '../../components/DownloadButton';
import { ActivityRecord } from '../../components/ActivityRecord';
import { QueryErrorNotice } from '../../components/ErrorNotice';
import { ACTION_LABELS, RESOURCE_TYPE_LABELS } from '../../lib/activityWords';
import { fromDateTimeInput, toDateTimeInput } from '../../lib/format';
import { AUDIT_FILTER_NAMES } from '../../contract/auditQuery';

type FilterName = (typeof AUDIT_FILTER_NAMES)[number];

export function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {};
  for (const name of AUDIT_FILTER_NAMES) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const page = useAuditPage(filters);
  // Paging replaces the list and may take away the button just pressed: the
  // keyboard goes to the new page's list once it is in.
  const listRef = useRef<HTMLOListElement>(null);
  const paged = useRef(false);
  const shown = page.isPlaceholderData ? undefined : page.data;
  useEffect(() => {
    if (!paged.current || !shown) return;
    paged.current = false;
    listRef.current?.focus();
  }, [shown]);
  const turnPage = (cursor: string) => {
    paged.current = true;
    setFilter('cursor', cursor);
  };

  const setFilter = (name: FilterName, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'cursor') next.delete('cursor');
    setParams(next);
  };

  return (
    <section className="page" aria-labelledby="activity-title">
      <h1 id="activity-title">Activity</h1>
      <p className="hint">
        Every change made through Sourcedesk, newest first, and refused attempts.
      </p>
      <ActivityFilters filters={filters} setFilter={setFilter} />
      {page.isPending ? <p role="status">Loading activity…</p> : null}
      {page.isError ? <QueryErrorNotice error={page.error} /> : null}
      {page.data && page.data.items.length === 0 ? <p>No activity matches.</p> : null}
      {page.data && page.data.items.length > 0 ? (
        <ol aria-label="Activity" className="activity" ref={listRef} tabIndex={-1}>
          {page.data.items.map((record) => (
            <ActivityRecord key={record.id} record={record} />
          ))}
        </ol>
      ) : null}
      <p>
        {filters.cursor ? (
          <button type="button" onClick={() => turnPage('')}>
            Newest
          </button>
        ) : null}{' '}
        {page.data?.next_cursor ? (
          <button type="button" onClick={() => turnPage(page.data.next_cursor ?? '')}>
            Older
          </button>
        ) : null}
      </p>
    </section>
  );
}

/** The filters (each kept in the address) and the export of what they match. */
function ActivityFilters(props: {
  filters: AuditFilters;
  setFilter: (name: FilterName, value: string) => void;
}) {
  const { filters, setFilter } = props;
  return (
    <form role="search" aria-label="Filter activity" onSubmit={(event) => event.preventDefault()}>
      <label>
        Action{' '}
        <select value={filters.action ?? ''} onChange={(e) => setFilter('action', e.target.value)}>
          <option value="">Every action</option>
          {ACTION_LABELS.map(([action, words]) => (
            <option key={action} value={action}>
              {words}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Who (e-mail){' '}
        <FilterBox value={filters.actor ?? ''} onCommit={(value) => setFilter('actor', value)} />
      </label>{' '}
      <label>
        What{' '}
        <select
          value={filters.resource_type ?? ''}
          onChange={(e) => setFilter('resource_type', e.target.value)}
        >
          <option value="">Everything</option>
          {RESOURCE_TYPE_LABELS.map(([type, words]) => (
            <option key={type} value={type}>
              {words}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Its id{' '}
        <FilterBox
          value={filters.resource_id ?? ''}
          onCommit={(value) => setFilter('resource_id', value)}
        />
      </label>{' '}
      <label>
        From{' '}
        <input
          type="datetime-local"
          value={toDateTimeInput(filters.since)}
          onChange={(e) => setFilter('since', fromDateTimeInput(e.target.value))}
        />
      </label>{' '}
      <label>
        Until{' '}
        <input
          type="datetime-local"
          value={toDateTimeInput(filters.until)}
          onChange={(e) => setFilter('until', fromDateTimeInput(e.target.value))}
        />
      </label>{' '}
      {(['ndjson', 'csv'] as const).map((format) => (
        <DownloadButton
          key={format}
          label={`Export (${format.toUpperCase()})`}
          download={() => downloadAuditExport(filters, format)}
          done={`activity.${format} is downloaded: every record of this filter.`}
          failed="The export could not be downloaded"
        />
      ))}
    </form>
  );
}

/**
 * A text filter: taken on Enter or on leaving the box, and showing what the
 * address says whenever the address changes (Back, Forward, a link).
 */
function FilterBox({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim());
  };
  return (
    <input
      type="search"
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}
