// The File source's upload: a mutation, sent when the user picks files. It
// changes no list the panel shows (the files are named by nothing until a
// connector is saved with them), so there is nothing to invalidate.
import { useMutation } from '@tanstack/react-query';
import { FILE_UPLOAD_LIMITS } from '../contract/fileUpload';
import { apiUpload } from './client';
import { routes } from './routes';

export function useUploadFiles() {
  return useMutation({
    mutationFn: (files: readonly File[]) =>
      apiUpload(routes.uploadConnectorFiles, FILE_UPLOAD_LIMITS.field, files),
  });
}
