// The panel's side of testing a connection: a mutation, since the request
// carries a body (and maybe secrets) and is sent when the user asks for it.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from './client';
import {
  CONNECTION_TEST_PATH,
  connectionTestResultSchema,
  type ConnectionTestRequest,
} from '../contract/connectionTest';

/**
 * Tries a source, config and credential without saving anything: the server
 * writes nothing, so there is nothing to invalidate afterwards.
 */
export function useTestConnection() {
  return useMutation({
    mutationFn: (body: ConnectionTestRequest) =>
      apiRequest({
        method: 'POST',
        path: CONNECTION_TEST_PATH,
        body,
        schema: connectionTestResultSchema,
      }),
  });
}
