import type { z } from 'zod';
import type { $ZodError } from 'zod/v4/core';

/**
 * The refusals a use case throws for its caller to read. `app.onError` answers each with its
 * status and `{ message }`, so no route maps them by hand (docs/decisions/110-errors-mapped-once.md).
 * The message is the one sentence the user reads.
 */
export abstract class RefusalError extends Error {
  abstract readonly status: 400 | 404 | 409 | 429;
}

/** Something the request names does not exist (404). */
export class NotFoundError extends RefusalError {
  override name = 'NotFoundError';
  readonly status = 404;
}

/**
 * The request is well formed but cannot be done as asked; nothing was changed (400). `fields`
 * says, in words and without the field's name in front, what is wrong with each top-level field
 * of the body, for a form to show beside that field (docs/decisions/383).
 */
export class BadInputError extends RefusalError {
  override name = 'BadInputError';
  readonly status = 400;
  constructor(
    message: string,
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

/** The request clashes with what is stored (409). */
export class ConflictError extends RefusalError {
  override name = 'ConflictError';
  readonly status = 409;
}

/** Too many attempts from this caller; the answer carries Retry-After (429). */
export class TooManyAttemptsError extends RefusalError {
  override name = 'TooManyAttemptsError';
  readonly status = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** No dashboard project has this id (any more). */
export class ProjectNotFoundError extends NotFoundError {
  override name = 'ProjectNotFoundError';
  constructor(readonly projectId: number) {
    super(`There is no project with id ${projectId} on the dashboard.`);
  }
}

/** One readable sentence from a zod error: "email: Invalid email address; password: Required". */
/** The first problem with each top-level field a zod error names, as its own sentence. */
export function fieldProblems(error: z.ZodError | $ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in fields)) fields[field] = issue.message;
  }
  return fields;
}

export function describeZodError(error: z.ZodError | $ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) =>
      issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    .join('; ');
}
