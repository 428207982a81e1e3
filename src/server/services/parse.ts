import type { z } from 'zod';
import { firstProblem } from '../../core/admin-inputs.ts';
import { errors } from '../../core/errors.ts';

/** Checks input with a core schema; the first problem becomes a BAD_USER_INPUT with the screen's message. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw errors.badInput(firstProblem(result.error));
  return result.data;
}
