// The /connectors route's loader: it asks for the lists as soon as the router
// matches the path, while the page's own code is still on its way, and does not
// wait for them — the page shows its loading state and its queries take over
// the requests already in flight.
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { credentialListQuery } from '../../api/credentials';
import { session } from '../../lib/session';
import { paths } from '../../lib/paths';
import { connectorsPageQueries } from './connectorsLocation';

/** A failure shows through the page's own queries (which retry on mount), not here. */
const ignore = () => {};

export const connectorsLoader =
  (queryClient: QueryClient) =>
  ({ request }: LoaderFunctionArgs) => {
    // Signed out, the shell sends the person to sign in: nothing to ask for yet.
    if (!session.get().apiKey) return null;
    const { credential } = paths.connectors.parse(new URL(request.url).searchParams);
    // Without a filter both are one query: the client asks once.
    const { filtered, everything } = connectorsPageQueries(credential);
    queryClient.query(filtered).catch(ignore);
    queryClient.query(everything).catch(ignore);
    queryClient.query(credentialListQuery()).catch(ignore);
    return null;
  };
