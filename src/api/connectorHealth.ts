// Connector health: every pair's status and what needs attention
// (one query, read by the list, the navigation's count, the credentials page),
// and replacing a credential in place, on one connector or on all of them.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { routes } from './routes';
import type { CredentialSwapRequest, ReplaceEverywhereRequest } from '../contract/health';
import { useConnectorMutation } from './connectors';
import { connectorKeys } from './queryKeys';

const { listConnectorStatus, replaceCredentialEverywhere, swapCredential } = routes;

/** Every pair with its health (the list filters "Needs attention" from these). */
export const connectorStatusQuery = () =>
  queryOptions({
    queryKey: connectorKeys.statuses(),
    queryFn: ({ signal }) => apiRequest(listConnectorStatus, { query: {}, signal }),
  });

/**
 * Only the pairs that need attention (`?needs_attention=true`): the navigation's
 * count on every page, without every pair of a large fleet (6.6 MB at 10,000).
 * It is beside the page: a count that never answered does not make the page
 * say it cannot show what it holds (ServerReach).
 */
export const connectorAttentionQuery = () =>
  queryOptions({
    queryKey: connectorKeys.attention(),
    queryFn: ({ signal }) =>
      apiRequest(listConnectorStatus, { query: { needs_attention: 'true' }, signal }),
    meta: { besideThePage: true },
  });

// A swap changes the pair, its connector and the credentials' use: all are
// fetched again, as after any change to a connector.
export const useSwapCredential = () =>
  useConnectorMutation((body: CredentialSwapRequest) => apiRequest(swapCredential, { body }));

export const useReplaceEverywhere = () =>
  useConnectorMutation(({ id, body }: { id: number; body: ReplaceEverywhereRequest }) =>
    apiRequest(replaceCredentialEverywhere, { params: { credential_id: id }, body }),
  );
