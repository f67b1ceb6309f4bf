import { z } from './zod';

/**
 * Every Khela response is one envelope (ARCHITECTURE §3). `code` is a stable machine code
 * from `errors.ts` ('OK' on success); `message` is an i18n key the web app translates.
 */
export const envelope = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.boolean(),
    value,
    message: z.string(),
    code: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
  });

export type Envelope<T> = {
  success: boolean;
  value: T;
  message: string;
  code: string;
  fieldErrors?: Record<string, string>;
};

/** The failure envelope: value is always null, fieldErrors only for validation failures. */
export const ErrorEnvelope = envelope(z.null());
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export function ok<T>(value: T): Envelope<T> {
  return { success: true, value, message: 'ok', code: 'OK' };
}
