// Document sets: the sets the signed-in user sees, those they may change first,
// 50 a page (the page number lives in the address). Curators and admins make
// sets of the connectors they may add; a delete asks first, naming what uses it.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDeleteDocumentSet, useDocumentSets } from '../../api/documentSetHooks';
import { groupNamesQuery } from '../../api/groupHooks';
import { useCurrentUser } from '../../api/users';
import { ActionMessage } from '../../components/ActionMessage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorNotice, QueryErrorNotice } from '../../components/ErrorNotice';
import { DOCUMENT_SETS_PAGE_SIZE, type DocumentSetSummary } from '../../contract/documentSets';
import { DocumentSetForm } from './DocumentSetForm';
import './documentSets.css';

/** Editable first, then by name (the server answers by name). */
const inOrder = (sets: DocumentSetSummary[]) =>
  [...sets].sort((a, b) => Number(b.is_editable) - Number(a.is_editable));

export function DocumentSetsPage() {
  const sets = useDocumentSets();
  const { data: me } = useCurrentUser();
  const names = useQuery(groupNamesQuery());
  const remove = useDeleteDocumentSet();
  const [search, setSearch] = useSearchParams();
  const [said, setSaid] = useState('');
  const [editing, setEditing] = useState<DocumentSetSummary | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DocumentSetSummary | null>(null);
  const groupName = (id: number) => names.data?.find((g) => g.id === id)?.name ?? `group ${id}`;

  const all = inOrder(sets.data ?? []);
  const pages = Math.max(1, Math.ceil(all.length / DOCUMENT_SETS_PAGE_SIZE));
  const page = Math.min(pages, Math.max(1, Number(search.get('page')) || 1));
  const shown = all.slice((page - 1) * DOCUMENT_SETS_PAGE_SIZE, page * DOCUMENT_SETS_PAGE_SIZE);
  const goTo = (next: number) => setSearch(next === 1 ? {} : { page: String(next) });

  const done = (words: string) => {
    setEditing(null);
    setSaid(words);
  };
  const erase = async (set: DocumentSetSummary) => {
    setDeleting(null);
    await remove.mutateAsync(set.id);
    setSaid(`Deleted document set ${set.name}.`);
  };

  return (
    <section className="page" aria-labelledby="sets-title">
      <h1 id="sets-title">Document sets</h1>
      <p className="hint">
        A document set bundles connectors; searches and assistants can be limited to it. Public sets
        are seen by everyone, private ones by the members of their groups.
      </p>
      {editing === null && (
        <button type="button" onClick={() => setEditing('new')}>
          New document set
        </button>
      )}
      {editing !== null && (
        <DocumentSetForm
          {...(editing === 'new' ? {} : { set: editing })}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      )}
      <ActionMessage words={said} />
      {remove.isError && <ErrorNotice error={remove.error} />}
      {sets.isPending ? (
        <p role="status">Loading document sets…</p>
      ) : sets.isError ? (
        <QueryErrorNotice error={sets.error} onRetry={() => void sets.refetch()} />
      ) : all.length === 0 ? (
        <p>No document sets yet.</p>
      ) : (
        <>
          <ul className="set-list">
            {shown.map((set) => (
              <li key={set.id}>
                <SetCard
                  set={set}
                  groupName={groupName}
                  onEdit={() => setEditing(set)}
                  // Deleting a public set is admins' (the server's rule too).
                  onDelete={
                    set.is_public && me?.role !== 'admin' ? undefined : () => setDeleting(set)
                  }
                />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Pages of document sets" className="pager">
              <button type="button" disabled={page === 1} onClick={() => goTo(page - 1)}>
                Previous page
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" disabled={page === pages} onClick={() => goTo(page + 1)}>
                Next page
              </button>
            </nav>
          )}
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete document set “${deleting.name}”?`}
          confirmLabel="Delete set"
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={() => void erase(deleting).catch(() => {})}
        >
          <p>{usedBy(deleting, groupName)}</p>
          <p>The connectors themselves stay. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** What uses a set, in words: its groups and its connectors. */
function usedBy(set: DocumentSetSummary, groupName: (id: number) => string) {
  const groups = set.groups.map(groupName);
  const shared = set.is_public
    ? 'It is public: everyone using searches or assistants limited to it loses it.'
    : groups.length > 0
      ? `It is shared with ${groups.length === 1 ? 'group' : 'groups'} ${groups.join(', ')}.`
      : 'It is private to its maker.';
  const count = set.cc_pair_summaries.length;
  return `${shared} It holds ${count} ${count === 1 ? 'connector' : 'connectors'}.`;
}

interface CardProps {
  set: DocumentSetSummary;
  groupName: (id: number) => string;
  onEdit: () => void;
  /** None when the caller may change the set but not delete it. */
  onDelete: (() => void) | undefined;
}

function SetCard({ set, groupName, onEdit, onDelete }: CardProps) {
  const access = set.is_public
    ? 'Public'
    : set.groups.length > 0
      ? `Private to ${set.groups.map(groupName).join(', ')}`
      : 'Private to its maker';
  return (
    <article className="set-card" aria-labelledby={`set-${set.id}`}>
      <h2 id={`set-${set.id}`}>{set.name}</h2>
      {set.description && <p>{set.description}</p>}
      <dl className="facts">
        <dt>Access</dt>
        <dd>{access}</dd>
        <dt>Connectors</dt>
        <dd>
          {set.cc_pair_summaries.length === 0
            ? 'None: every connector it held was detached or deleted. Add one, or delete the set.'
            : set.cc_pair_summaries.map((pair) => pair.name ?? `pair ${pair.id}`).join(', ')}
        </dd>
        <dt>Documents</dt>
        <dd>
          {set.document_count === null
            ? 'Not reported'
            : set.document_count.toLocaleString('en-US')}
        </dd>
      </dl>
      {set.is_editable ? (
        <div className="detail-actions">
          <button type="button" onClick={onEdit} aria-label={`Edit ${set.name}`}>
            Edit
          </button>
          {onDelete && (
            <button
              type="button"
              className="secondary"
              onClick={onDelete}
              aria-label={`Delete ${set.name}`}
            >
              Delete
            </button>
          )}
        </div>
      ) : (
        <p className="hint">You may use this set but not change it.</p>
      )}
    </article>
  );
}
