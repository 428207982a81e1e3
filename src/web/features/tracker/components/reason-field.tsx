import { Textarea } from '@mantine/core';
import { correctionReasonSchema } from '../../../../core/outing-inputs.ts';
import { type Translate, translatorNow, useT } from '../../../lib/i18n.ts';

/**
 * A correction's reason as the core checks it (trimmed), or null once `onProblem` is told what is
 * wrong, in the reader's language.
 */
export function checkedReason(
  reason: string,
  onProblem: (message: string) => void,
  t: Translate = translatorNow(),
  /** What an empty reason is told, where the core's words (why the outing is corrected) do not fit. */
  whenEmpty?: string,
): string | null {
  if (whenEmpty && reason.trim() === '') {
    onProblem(whenEmpty);
    return null;
  }
  const why = correctionReasonSchema.safeParse(reason);
  if (why.success) return why.data;
  const message = why.error.issues[0]?.message;
  onProblem(message ? t.said(message) : t('tracker.reason.required'));
  return null;
}

/** The required Reason of a deletion or correction, kept in the history; `first`: the field focused when it opens. */
export function ReasonField({
  value,
  onChange,
  disabled,
  description,
  first = false,
}: {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  description?: string;
  first?: boolean;
}) {
  const t = useT();
  return (
    <Textarea
      label={t('tracker.reason.label')}
      description={description}
      required
      rows={2}
      size="md"
      data-autofocus={first ? true : undefined}
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
