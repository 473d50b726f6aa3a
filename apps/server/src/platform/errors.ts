import type { ErrorCode, FieldError } from '@exship/contracts';

/** Thrown by services; the HTTP error handler turns it into the error envelope (docs/engineering.md "Errors"). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    /** `data`: what the refused call would have answered with, where the contract says so (the rows of a failed check). */
    readonly opts: { errors?: FieldError[]; details?: Record<string, unknown>; vars?: Record<string, string>; headers?: Record<string, string>; data?: unknown } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const fieldError = (field: string, message: string, code: ErrorCode = 'VALIDATION_FAILED') =>
  new AppError(code, 400, { errors: [{ field, message }] });

/** drizzle 0.45 wraps driver errors: the SQLSTATE is at err.cause.code (docs/engineering.md "Toolchain facts"). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}
