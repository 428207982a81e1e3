import { useState } from 'react';
import type { ZodType } from 'zod';
import { useT } from '../../lib/i18n.ts';
import { adminErrorMessage } from './admin-error.ts';

/**
 * A dialog whose changes are sent one by one (a player's parents, a league's officials), closed with Done: the small
 * form's values, the error box, each action run with its failure said, and the form checked by the core's schema
 * before anything is sent.
 */
export function useOneByOne<Values extends Record<string, string>>(empty: Values, failed: string) {
  const t = useT();
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string | null>(null);

  /** Runs an action; its failure goes in the error box. `clear` empties the form once it worked. */
  const run = async (action: () => Promise<unknown>, clear: boolean) => {
    setError(null);
    try {
      await action();
      if (clear) setValues(empty);
    } catch (caught) {
      setError(adminErrorMessage(caught, failed));
    }
  };

  /** The form's values as the schema reads them, or null with its first problem in the error box. */
  const checked = <Out>(schema: ZodType<Out>): Out | null => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]?.message;
    setError(issue ? t.said(issue) : failed);
    return null;
  };

  /** A text field's props for one of the values. */
  const field = (key: keyof Values, disabled: boolean) => ({
    value: values[key],
    disabled,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
    },
  });

  return { values, error, run, checked, field };
}
