import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { BadInputError, describeZodError } from '../services/errors';

/** zValidator whose refusal is a BadInputError, answered by app.onError as 400 with one clear sentence. */
export function valid<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw new BadInputError(describeZodError(result.error));
  });
}
