import { Center, Loader } from '@mantine/core';
import { useT } from '../lib/i18n.ts';

/** Shown while a page's code or first data loads. */
export function PageLoader({ label }: { label?: string }) {
  const t = useT();
  return (
    <Center py="xl" role="status" aria-label={label ?? t('page.loading')}>
      <Loader size="md" />
    </Center>
  );
}
