// Configuration as code: the bundle downloaded, and a bundle
// planned (a dry run) or applied. Applying may change every list, so it
// invalidates every query and waits for them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigBundleInput } from '../contract/configBundle';
import { routes } from './routes';
import { saveFile } from '../lib/saveFile';
import { apiDownload, apiRequest } from './client';

const { exportConfiguration, importConfiguration } = routes;

/** The whole setup, fetched with the panel's credentials and saved as sourcedesk.json. */
export async function downloadConfiguration() {
  saveFile(await apiDownload(exportConfiguration), 'sourcedesk.json');
}

export const usePlanImport = () =>
  useMutation({
    mutationFn: (bundle: ConfigBundleInput) =>
      apiRequest(importConfiguration, { body: bundle, query: { dry_run: 'true' } }),
  });

export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bundle: ConfigBundleInput) => apiRequest(importConfiguration, { body: bundle }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
