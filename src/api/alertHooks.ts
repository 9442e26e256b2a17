// Alert settings in the panel (admins): where alerts go, a test alert, and the
// last delivery. Saving and testing refresh the settings (the last delivery is
// in them); the activity log refreshes after every change (refreshActivityAfterChanges).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertSettingsRequest } from '../contract/alerts';
import { routes } from './routes';
import { apiRequest } from './client';

const { getAlertSettings, putAlertSettings, sendTestAlert } = routes;

export const alertKeys = {
  all: ['alert-settings'] as const,
};

export const alertSettingsQuery = () =>
  queryOptions({
    queryKey: alertKeys.all,
    queryFn: ({ signal }) => apiRequest(getAlertSettings, { signal }),
  });

export const useAlertSettings = () => useQuery(alertSettingsQuery());

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlertSettingsRequest) => apiRequest(putAlertSettings, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useSendTestAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(sendTestAlert, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
