// A connector's, credential's or user's last few activity records, on its own
// page, in the Activity page's words, with a link to all of its activity.
// Only an administrator reads the log (the audit routes are admin-only), so for
// every other role, and while the role is not yet known, nothing is asked or shown.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AuditResourceType } from '../contract/audit';
import { useRecentChanges } from '../api/auditHooks';
import { USER_ADMIN_ROLES } from '../contract/contract';
import { useCurrentUser } from '../api/users';
import { paths } from '../lib/paths';
import { ActivityRecord } from './ActivityRecord';
import { QueryErrorNotice } from './ErrorNotice';

interface RecentChangesProps {
  resourceType: AuditResourceType;
  resourceId: string;
  /** The resource's name, for the list's label: "Recent changes to Eng Jira". */
  name: string;
  /** What it is, for the link: "All activity for this connector". */
  noun: string;
  /** Folded away (in a list of many): asked for only once opened. */
  folded?: boolean;
}

export function RecentChanges(props: RecentChangesProps) {
  const { resourceType, resourceId, name, noun, folded = false } = props;
  // The roles the audit routes and the Activity page allow (PAGE_ROLES.activity).
  const { data: user } = useCurrentUser();
  const mayRead = user !== undefined && USER_ADMIN_ROLES.includes(user.role);
  const [open, setOpen] = useState(!folded);
  const recent = useRecentChanges(resourceType, resourceId, mayRead && open);
  const titleId = useId();
  if (!mayRead) return null;

  const body = (
    <>
      {recent.isPending && open ? <p role="status">Loading the recent changes…</p> : null}
      {recent.isError ? <QueryErrorNotice error={recent.error} /> : null}
      {recent.data && recent.data.items.length === 0 ? <p>No changes recorded yet.</p> : null}
      {recent.data && recent.data.items.length > 0 ? (
        <ol aria-label={`Recent changes to ${name}`} className="activity">
          {recent.data.items.map((record) => (
            <ActivityRecord key={record.id} record={record} />
          ))}
        </ol>
      ) : null}
      <p>
        <Link to={paths.activity.getHref({ resource_type: resourceType, resource_id: resourceId })}>
          All activity for this {noun}
        </Link>
      </p>
    </>
  );
  return folded ? (
    <details className="recent-changes" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Recent changes</summary>
      {body}
    </details>
  ) : (
    <section className="recent-changes" aria-labelledby={titleId}>
      <h2 id={titleId}>Recent changes</h2>
      {body}
    </section>
  );
}
