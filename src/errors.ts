import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Every failure the application reports on purpose. `app.onError` turns it into HTML or JSON. */
export const ErrorCodes = {
  NOT_FOUND: 404,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  CMS_UNAVAILABLE: 503,
  CACHE_PURGE_FAILED: 503,
  AUTH_UNAVAILABLE: 503,
  PAYMENT_UNAVAILABLE: 503,
  CMS_INVALID_RESPONSE: 502,
  INTERNAL: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ErrorCodes;

export class AppError extends Error {
  override readonly name = "AppError";
  readonly status: ContentfulStatusCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = ErrorCodes[code];
    this.details = options?.details;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
