import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { BadInputError, describeZodError, fieldProblems } from '../services/errors';

/**
 * zValidator whose refusal is a BadInputError, answered by app.onError as 400 with one clear
 * sentence, and each field's problem apart for a form to show by that field.
 */
export function valid<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success)
      throw new BadInputError(describeZodError(result.error), fieldProblems(result.error));
  });
}
