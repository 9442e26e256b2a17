// The File source's upload: a mutation, sent when the user picks files. It
// changes no list the panel shows (the files are named by nothing until a
// connector is saved with them), so there is nothing to invalidate. And a
// connector's files, as the server keeps them.
import { useMutation, useQuery } from '@tanstack/react-query';
import { FILE_UPLOAD_LIMITS } from '../contract/fileUpload';
import { apiRequest, apiUpload } from './client';
import { connectorKeys } from './queryKeys';
import { routes } from './routes';

export function useUploadFiles() {
  return useMutation({
    mutationFn: (files: readonly File[]) =>
      apiUpload(routes.uploadConnectorFiles, FILE_UPLOAD_LIMITS.field, files),
  });
}

/** A connector's files as the server keeps them (under the connector's keys: its changes refresh them). */
export const useConnectorFiles = (connectorId: number) =>
  useQuery({
    queryKey: [...connectorKeys.detail(connectorId), 'files'] as const,
    queryFn: ({ signal }) =>
      apiRequest(routes.listConnectorFiles, { params: { connector_id: connectorId }, signal }),
  });
