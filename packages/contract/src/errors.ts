/**
 * Stable error codes. The server answers `{ success: false, code, message }` where `message` is
 * the i18n key below; the web app translates `message` (falling back to `errors.UNKNOWN`).
 * HTTP statuses are honest (ARCHITECTURE §3).
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, messageKey: 'errors.BAD_REQUEST' },
  VALIDATION_FAILED: { status: 400, messageKey: 'errors.VALIDATION_FAILED' },
  MALFORMED_JSON: { status: 400, messageKey: 'errors.MALFORMED_JSON' },
  BODY_TOO_LARGE: { status: 400, messageKey: 'errors.BODY_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 400, messageKey: 'errors.UNSUPPORTED_MEDIA_TYPE' },
  UNAUTHORIZED: { status: 401, messageKey: 'errors.UNAUTHORIZED' },
  FORBIDDEN: { status: 403, messageKey: 'errors.FORBIDDEN' },
  REGION_RESTRICTED: { status: 403, messageKey: 'errors.REGION_RESTRICTED' },
  NOT_FOUND: { status: 404, messageKey: 'errors.NOT_FOUND' },
  METHOD_NOT_ALLOWED: { status: 405, messageKey: 'errors.METHOD_NOT_ALLOWED' },
  CONFLICT: { status: 409, messageKey: 'errors.CONFLICT' },
  TOO_MANY_REQUESTS: { status: 429, messageKey: 'errors.TOO_MANY_REQUESTS' },
  MAINTENANCE: { status: 503, messageKey: 'errors.MAINTENANCE' },
  INTERNAL: { status: 500, messageKey: 'errors.UNKNOWN' },
} as const satisfies Record<string, { status: number; messageKey: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** Message keys for field-level validation failures (spec §5 wordings live in the locales). */
export const FIELD_ERRORS = {
  required: 'validation.required',
  invalid: 'validation.invalid',
  unknownField: 'validation.unknownField',
  tooLong: 'validation.tooLong',
} as const;
