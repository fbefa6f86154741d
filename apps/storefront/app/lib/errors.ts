/** Spec §8: every failure is shown as a message plus an HTTP-like status, 500 unless known. */
export type NormalizedError = { message: string; status: number };

export const defaultErrorStatus = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function validStatus(value: unknown): number | null {
  const status = Number(value);
  return Number.isInteger(status) && status >= 100 && status <= 599 ? status : null;
}

function messageOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim() === "" ? null : value;
  if (value instanceof Error) return value.message || null;
  if (isRecord(value)) {
    if (typeof value.message === "string" && value.message !== "") return value.message;
    // A router ErrorResponse or an HTTP client error carries the response body in `data`.
    const nested = messageOf(value.data) ?? messageOf(value.body) ?? messageOf(value.response);
    if (nested) return nested;
    if (typeof value.statusText === "string" && value.statusText !== "") return value.statusText;
  }
  return null;
}

function statusOf(value: unknown): number | null {
  if (!isRecord(value)) return null;
  return (
    validStatus(value.status) ??
    validStatus(value.statusCode) ??
    (isRecord(value.response) ? validStatus(value.response.status) : null)
  );
}

function stringify(value: unknown): string {
  if (value === undefined || value === null || value === "") return "Something went wrong";
  try {
    const text = JSON.stringify(value);
    return text === undefined || text === "{}" ? String(value) : text;
  } catch {
    return String(value);
  }
}

/**
 * Turns whatever was thrown or returned (an API body `{message, status}`, an Error, a router
 * error response, a string) into `{message, status}`. The message is the body's message when
 * there is one, else the value itself as text.
 */
export function normalizeError(error: unknown): NormalizedError {
  return {
    message: messageOf(error) ?? stringify(error),
    status: statusOf(error) ?? defaultErrorStatus,
  };
}

export const notFoundMessage = "This page could not be found";

export type ErrorView = { status: number; heading: string; stack: string | null };

/** What an error page shows: the 404 text, or the message with its status. */
export function errorView(error: unknown, showStack: boolean): ErrorView {
  const { message, status } = normalizeError(error);
  return {
    status,
    heading: status === 404 ? notFoundMessage : message,
    stack: showStack && error instanceof Error && error.stack ? error.stack : null,
  };
}
