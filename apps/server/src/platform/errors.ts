import { ERRORS, type ErrorCode, type ErrorEnvelope, FIELD_ERRORS } from '@khela/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A failure the client may see: a stable code, its honest status and a translated message key. */
export class AppError extends Error {
  readonly status: number;
  readonly messageKey: string;
  /**
   * The failure envelope's `value`: null, except where the call's contract `failure` says what
   * a refusal carries (a login's `{ captcha: true }`); subclasses set it.
   */
  readonly value: unknown = null;
  constructor(
    readonly code: ErrorCode,
    readonly fieldErrors?: Record<string, string>,
    messageKey?: string,
  ) {
    super(code);
    this.status = ERRORS[code].status;
    this.messageKey = messageKey ?? ERRORS[code].messageKey;
  }
}

export function failure(code: ErrorCode, fieldErrors?: Record<string, string>, messageKey?: string): ErrorEnvelope {
  return {
    success: false,
    value: null,
    code,
    message: messageKey ?? ERRORS[code].messageKey,
    ...(fieldErrors ? { fieldErrors } : {}),
  };
}

/** Maps zod issues to `{ field: messageKey }`; unknown keys are named so the caller can fix them. */
function fieldErrorsOf(
  issues: readonly { instancePath?: string; params?: Record<string, unknown>; keyword?: string }[],
) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as
      | { keys?: string[]; issue?: { code?: string; keys?: string[]; path?: PropertyKey[] } }
      | undefined;
    const zi = params?.issue;
    // fastify-type-provider-zod 7 puts the zod code in `keyword` and the issue's fields in `params`.
    const code = zi?.code ?? issue.keyword;
    if (code === 'unrecognized_keys') {
      for (const k of zi?.keys ?? params?.keys ?? []) out[k] = FIELD_ERRORS.unknownField;
      continue;
    }
    const field = (zi?.path ?? []).map(String).join('.') || issue.instancePath?.replace(/^\//, '') || '_';
    out[field] ??= code === 'invalid_type' ? FIELD_ERRORS.required : FIELD_ERRORS.invalid;
  }
  return out;
}

/**
 * One error handler for the whole app: every failure leaves as an envelope with an honest
 * status; nothing internal (stack, SQL, library message) reaches the client.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.status).send({ ...failure(err.code, err.fieldErrors, err.messageKey), value: err.value });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(failure('VALIDATION_FAILED', fieldErrorsOf(err.validation)));
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send(failure('MALFORMED_JSON'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(400).send(failure('BODY_TOO_LARGE'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.code(400).send(failure('UNSUPPORTED_MEDIA_TYPE'));
    }
    if (err.statusCode === 429) return reply.code(429).send(failure('TOO_MANY_REQUESTS'));
    if (err instanceof SyntaxError || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
      return reply.code(400).send(failure('BAD_REQUEST'));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(failure('INTERNAL'));
  });
}
