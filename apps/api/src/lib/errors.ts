/** A failure the client caused or may see. Domain code throws these; one handler serialises them. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, message: string, code = "ERROR") {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.code = code;
  }
}

export const notFound = (message = "Not Found") => new AppError(404, message, "NOT_FOUND");
export const badRequest = (message: string) => new AppError(400, message, "BAD_REQUEST");
export const conflict = (message: string) => new AppError(409, message, "CONFLICT");
export const forbidden = (message = "Forbidden") => new AppError(403, message, "FORBIDDEN");
