/** A line: a message, or fields (`err` for an error) and then a message. */
export interface LogFn {
  (fields: object, message?: string): void;
  (message: string): void;
}

/**
 * How code outside the server logs (the storefront's loaders and actions): the server hands
 * over its logger, whose lines carry the request's id (decision 038).
 */
export type Log = { error: LogFn; warn: LogFn; info: LogFn; debug: LogFn };
