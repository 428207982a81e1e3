import { Textarea } from '@mantine/core';
import { correctionReasonSchema } from '../../../../core/outing-inputs.ts';

/** A correction's reason as the core checks it (trimmed), or null once `onProblem` is told what is wrong. */
export function checkedReason(reason: string, onProblem: (message: string) => void): string | null {
  const why = correctionReasonSchema.safeParse(reason);
  if (why.success) return why.data;
  onProblem(why.error.issues[0]?.message ?? 'Say why');
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
  return (
    <Textarea
      label="Reason"
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
