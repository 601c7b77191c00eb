/**
 * The fetch wrapper every island uses (docs/product-spec.md, "Calls"): cookies are sent, a body
 * goes as JSON only when there is one, and a non-OK answer throws '<status>: <message>'. Our server
 * answers errors as {"message": "..."}; the message is shown rather than the raw JSON.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    /** A refused body's problem per field, in words, when the server named its fields. */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(`${status}: ${serverMessage}`);
    this.name = 'ApiError';
  }
}

export async function errorFromResponse(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let message = text || res.statusText;
  const fields: Record<string, string> = {};
  try {
    const body = JSON.parse(text) as { message?: unknown; fields?: unknown };
    if (body && typeof body.message === 'string') message = body.message;
    if (body && typeof body.fields === 'object' && body.fields !== null)
      for (const [name, problem] of Object.entries(body.fields))
        if (typeof problem === 'string') fields[name] = problem;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return new ApiError(res.status, message, fields);
}

export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await errorFromResponse(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

/**
 * A GET whose failure throws the spec's own message for that read (docs/product-spec.md,
 * "Error catalogue"), whatever the server said: the message is what the island's error state shows.
 */
export async function readOr<T>(path: string, failureMessage: string): Promise<T> {
  try {
    return await apiRequest<T>('GET', path);
  } catch {
    throw new Error(failureMessage);
  }
}

/** The server's own words for a failed call, for toasts that show "the server's error text". */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
