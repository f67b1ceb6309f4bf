import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

export const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Lets the routes of `scope` read form-encoded bodies (a contract call's `form`, spec §3 'Forgot
 * by email … (form-encoded)') as an object of strings; JSON still works. Scoped, so no other
 * call takes a form.
 */
export function acceptForms(scope: FastifyInstance) {
  scope.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (_req, body, done) => {
    const fields: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(body as string)) {
      // A repeated field is ambiguous: refuse rather than pick one.
      if (Object.hasOwn(fields, k)) return done(new AppError('BAD_REQUEST'), undefined);
      Object.defineProperty(fields, k, { value: v, enumerable: true, writable: true, configurable: true });
    }
    done(null, fields);
  });
}
