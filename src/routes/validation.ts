import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import type { $ZodError } from 'zod/v4/core';

/** One readable sentence from a zod error: "email: Invalid email address; password: Required". */
export function describeZodError(error: z.ZodError | $ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** zValidator with a clear 400 body ({ message }) instead of the raw ZodError. */
export function valid<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) return c.json({ message: describeZodError(result.error) }, 400);
  });
}
