import { Center, Loader } from '@mantine/core';

/** Shown while a page's code or first data loads. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-label={label}>
      <Loader size="md" />
    </Center>
  );
}
