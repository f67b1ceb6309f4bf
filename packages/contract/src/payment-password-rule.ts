/**
 * The payment password's shape (spec §5 paymentPassword), shared by the server and the web's
 * forms. Plain TypeScript without zod, like validation.ts: it runs in the browser's cashier pages.
 */
import type { FieldRule, RegisterSettings } from './system';

/** The payment password's shape when the brand has no rule for it: six digits (spec §5). */
export const DEFAULT_PAYMENT_PASSWORD_RULE: FieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '^[0-9]+$',
  patternId: 'digits',
  minLength: 6,
  maxLength: 6,
};

/**
 * Whether the brand wrote a rule for a field: shown on its form, or a pattern or a least length
 * of its own. A field it never configured reads '*' from 0 characters (platform/brand.ts), which
 * says nothing about its shape.
 */
export const ruleConfigured = (rule: FieldRule | undefined): rule is FieldRule =>
  !!rule && (rule.enabled || rule.acceptedPattern !== '*' || rule.minLength > 0);

/**
 * The payment password's rule: the brand's registration rule for `paymentPassword` (spec §5 —
 * the same rule whether it is set at registration or in the security centre), six digits when
 * the brand has none. The server checks set, change and use by it; the web hints and checks by
 * the same rule from the registration settings it already reads.
 */
export function paymentPasswordRule(settings: Partial<RegisterSettings> | undefined): FieldRule {
  const rule = settings?.paymentPassword;
  return ruleConfigured(rule) ? rule : DEFAULT_PAYMENT_PASSWORD_RULE;
}
