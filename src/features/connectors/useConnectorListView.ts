// What the connectors page shows: the filters its address holds, the queries
// behind them, the rows they leave (filtered and sorted), the counts and the
// messages. The page (ConnectorsPage) only lays these out.
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { connectorStatusQuery } from '../../api/connectorHealth';
import { healthByConnector } from '../../lib/connectorHealth';
import { useCredentials } from '../../api/credentials';
import { credentialLabel } from '../../lib/credentials';
import { countOf, plural } from '../../lib/plural';
import { paths, type ConnectorListParams, type StatusFilter } from '../../lib/paths';
import {
  createdConnectorFrom,
  deletedConnectorFrom,
  type CreatedConnector,
} from '../../lib/createdConnector';
import { isColumn, sortConnectors } from './connectorColumns';
import { connectorsPageQueries } from './connectorsLocation';
import { useGroupConnectors } from './GroupFilter';

export function useConnectorListView() {
  const navigate = useNavigate();
  const { created, deleted } = useHandedOver();
  const view = paths.connectors.parse(useSearchParams()[0]);
  const { credential, badCredential, group, search, status, attention } = view;
  const groupConnectors = useGroupConnectors(group);
  const inGroup = groupConnectors.ids;
  const sort = view.sort && isColumn(view.sort.column) ? view.sort : null;
  const queries = connectorsPageQueries(credential);
  // The previous rows stay on screen while another filter loads.
  const listed = useQuery({ ...queries.filtered, placeholderData: keepPreviousData });
  const everything = useQuery(queries.everything);
  const credentials = useCredentials();
  const statuses = useQuery(connectorStatusQuery());
  const health = useMemo(() => healthByConnector(statuses.data ?? []), [statuses.data]);
  const paused = useMemo(
    () =>
      new Set(
        [...health].filter(([, h]) => h.status === 'PAUSED').map(([id]) => id),
      ) as ReadonlySet<number>,
    [health],
  );
  const [finishedName, setFinishedName] = useState<string | null>(null);
  // A live region announces what changes in it, not what it held when it
  // appeared: the message goes in one frame after the empty region.
  const [regionReady, setRegionReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setRegionReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  /** Search and sort replace the address (no history entry per key); a credential adds one. */
  const show = (change: ConnectorListParams, replace = true) =>
    void navigate(
      paths.connectors.getHref({ credential, group, status, attention, search, sort, ...change }),
      {
        replace,
      },
    );

  const credentialNames = useMemo(
    () => new Map((credentials.data ?? []).map((c) => [c.id, credentialLabel(c)])),
    [credentials.data],
  );
  const complete = useMemo(
    () =>
      (listed.data ?? []).filter(
        (connector) =>
          connector.credential_ids.length > 0 && (inGroup === null || inGroup.has(connector.id)),
      ),
    [listed.data, inGroup],
  );
  // Running, paused or needing attention: known once the statuses are in (until then such a filter shows nothing).
  const statusPending = (status !== undefined || attention === true) && statuses.isPending;
  // Rows, a count or "No connectors match" only once every filter's answer is in.
  const unconfirmed = statusPending || groupConnectors.unknown;
  const inStatus = useMemo(
    () =>
      complete.filter(
        (c) =>
          (status === undefined || paused.has(c.id) === (status === 'paused')) &&
          (!attention || (health.get(c.id)?.attention.length ?? 0) > 0),
      ),
    [complete, status, paused, attention, health],
  );
  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const found = needle ? inStatus.filter((c) => c.name.toLowerCase().includes(needle)) : inStatus;
    return sortConnectors(found, sort, credentialNames);
  }, [inStatus, search, sort, credentialNames]);
  const unfinished = (everything.data ?? []).filter((c) => c.credential_ids.length === 0);
  const filtered =
    credential !== undefined ||
    group !== undefined ||
    status !== undefined ||
    attention === true ||
    search.trim() !== '';
  const unknownCredential =
    credential !== undefined && credentials.isSuccess && !credentialNames.has(credential);

  const announcement = regionReady ? announce(finishedName, created, deleted) : '';
  const addressProblem =
    badCredential !== undefined
      ? `The address asks for credential “${badCredential.text}”, which is not a credential number (the server answers: “${badCredential.words}”), so every connector is shown.`
      : unknownCredential
        ? `There is no credential #${credential}, so no connector uses it.`
        : null;

  return {
    credential,
    group,
    search,
    status,
    attention: attention === true,
    sort,
    listed,
    statuses,
    paused,
    health,
    credentialNames,
    /** Whether every credential the caller sees is named: an id not named is one only admins see. */
    credentialsKnown: credentials.isSuccess,
    rows,
    unfinished,
    filtered,
    created,
    announcement,
    addressProblem,
    updating: listed.isPlaceholderData || unconfirmed,
    unconfirmed,
    groupError: groupConnectors.error,
    retryGroups: groupConnectors.retry,
    count: unconfirmed
      ? ''
      : countText(
          rows.length,
          inStatus.length,
          search.trim(),
          credential !== undefined,
          status,
          attention === true,
        ),
    show,
    onFinished: setFinishedName,
  };
}

/**
 * What another page just did (made or deleted a connector) is said once: kept
 * here for this visit, and taken out of the history entry, so a reload or a
 * way back to this entry does not say it again.
 */
function useHandedOver() {
  const navigate = useNavigate();
  const location = useLocation();
  const handedBy = (entry: typeof location) => ({
    key: entry.key,
    created: createdConnectorFrom(entry.state),
    deleted: deletedConnectorFrom(entry.state),
  });
  const [handed, setHanded] = useState(() => handedBy(location));
  if (location.state !== null && handed.key !== location.key) setHanded(handedBy(location));
  useEffect(() => {
    if (location.state === null) return;
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  }, [location.state, location.pathname, location.search, navigate]);
  return handed;
}

/** The one message of this visit: a connector just finished, created or deleted. */
function announce(
  finishedName: string | null,
  created: CreatedConnector | undefined,
  deleted: string | undefined,
) {
  if (finishedName) return `Credential attached: “${finishedName}” is finished and listed.`;
  if (created) return `Connector “${created.name}” was created.`;
  if (deleted) return `Connector “${deleted}” was deleted.`;
  return '';
}

/** "5 connectors.", "2 connectors use this credential.", "2 of 5 connectors match “jira”." */
function countText(
  shown: number,
  listed: number,
  search: string,
  byCredential: boolean,
  status: StatusFilter | undefined,
  attention: boolean,
) {
  const kind = status ? `${status} ` : '';
  if (attention && !search && !byCredential) {
    return `${countOf(shown, `${kind}connector`)} ${plural(shown, 'needs', 'need')} attention.`;
  }
  if (search)
    return `${shown.toLocaleString('en')} of ${countOf(listed, `${kind}connector`)} match “${search}”.`;
  const counted = countOf(shown, `${kind}connector`);
  if (!byCredential) return `${counted}.`;
  return `${counted} ${plural(shown, 'uses', 'use')} this credential.`;
}
