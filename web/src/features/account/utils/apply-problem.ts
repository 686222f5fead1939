import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { type FormMessage, type Problem, type ProblemField, formMessageOf } from './errors';

/**
 * Puts a server problem on the form: field messages with setError (focusing the first one),
 * and returns the message for the whole form, if any. Values typed so far stay as they are.
 */
export function applyProblem<T extends FieldValues>(
  problem: Problem,
  setError: UseFormSetError<T>,
  fields: readonly ProblemField[],
): FormMessage | null {
  let focused = false;
  let form = problem.form;
  for (const { field, key } of problem.fields) {
    if (!fields.includes(field)) {
      form ??= formMessageOf(key);
      continue;
    }
    setError(field as Path<T>, { type: 'server', message: key }, { shouldFocus: !focused });
    focused = true;
  }
  return form;
}
