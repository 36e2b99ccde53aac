// The browser's one way to call the /v1 API: JSON in and out, and every error body of the
// interface (ErrorResponse, ErrorsResponse, {message}) turned into one readable error.

export interface ApiErrorItem {
  field: string;
  info: string;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly items: ApiErrorItem[],
    message: string,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }

  /** The message for one request field, when the API named it. */
  fieldMessage(field: string): string | undefined {
    return this.items.find((item) => item.field === field)?.info;
  }
}

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  token?: string;
  signal?: AbortSignal;
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? "GET",
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      cache: "no-store",
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiRequestError(0, [], "The service could not be reached. Check your connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) throw errorFromBody(response.status, body);
  return body as T;
}

function errorFromBody(status: number, body: unknown): ApiRequestError {
  const value = (body ?? {}) as { errors?: unknown; message?: unknown };
  let items: ApiErrorItem[] = [];
  if (Array.isArray(value.errors)) items = value.errors.filter(isItem);
  else if (isItem(body)) items = [body];
  const message =
    items.length > 0
      ? items.map((item) => item.info).join(" ")
      : typeof value.message === "string"
        ? value.message
        : fallbackMessage(status);
  return new ApiRequestError(status, items, message);
}

function isItem(value: unknown): value is ApiErrorItem {
  const item = value as ApiErrorItem;
  return typeof item?.field === "string" && typeof item?.info === "string";
}

function fallbackMessage(status: number): string {
  if (status === 429) return "Too many requests: wait a few seconds and try again.";
  if (status >= 500) return "The service failed to answer. Try again in a moment.";
  return `The request failed (HTTP ${status}).`;
}

/** Retries only what may succeed on a second try: network failures and 5xx/429 answers. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status !== 0 && error.status < 500 && error.status !== 429)
    return false;
  return failureCount < 2;
}
