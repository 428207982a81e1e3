import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` (48em): a phone, where lists are cards rather than tables. */
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * Whether the screen is a phone's, known on the first render (Mantine's default answers false until
 * an effect runs): a table drawn first and swapped for taller cards would move the page under a
 * coach who was just taken to a game's heading.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
}
