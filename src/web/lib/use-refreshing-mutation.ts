import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/**
 * A mutation after which the lists under `keys` are read again (docs/screens.md, Behaviour: saving refreshes the list).
 * A write refused because someone changed the record meanwhile (CONFLICT) reads them again too: the
 * form then shows their change and sends the new version when the person saves again.
 */
export function useRefreshingMutation<I, O>(run: (input: I) => Promise<O>, keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    for (const queryKey of keys) await queryClient.invalidateQueries({ queryKey });
  };
  return useMutation({
    mutationFn: run,
    onSuccess: refresh,
    onError: async (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT') await refresh();
    },
  });
}
