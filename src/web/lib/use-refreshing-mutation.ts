import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A mutation after which the lists under `keys` are read again (spec §4: saving refreshes the list). */
export function useRefreshingMutation<I, O>(run: (input: I) => Promise<O>, keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      for (const queryKey of keys) await queryClient.invalidateQueries({ queryKey });
    },
  });
}
