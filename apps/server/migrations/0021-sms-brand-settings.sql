-- Mobile numbers and the texts sent to them, per brand (decision 0023).

-- The dialling codes of the mobile numbers a brand takes (registration) and sends SMS codes to,
-- written '+880'; the first is assumed for a number typed without one.
ALTER TABLE brands ADD COLUMN mobile_dialing_codes text[] NOT NULL DEFAULT '{+880}'
  CHECK (array_to_string(mobile_dialing_codes, ',') ~ '^\+[1-9][0-9]{0,3}(,\+[1-9][0-9]{0,3})*$');

-- At most this many texts in any 24 hours. Reaching it refuses further codes (SMS_DAILY_LIMIT)
-- and alerts once: a warn log line and the audit event sms.budget.reached.
ALTER TABLE brands ADD COLUMN sms_daily_budget integer NOT NULL DEFAULT 1000 CHECK (sms_daily_budget >= 0);
-- When the budget last ran out: the process that sets it is the one that alerts.
ALTER TABLE brands ADD COLUMN sms_budget_alerted_at timestamptz;

-- The budget counts a brand's texts sent in the last 24 hours.
CREATE INDEX sms_codes_sent ON sms_codes (brand_id, created_at) WHERE sent;

-- The mobile number field is read by the phone-number library (pattern 'mobile'), not a
-- pattern; its lengths only bound what may be typed (+880 1712-345678 is 16 characters).
UPDATE register_field_rules
   SET pattern_id = 'mobile', accepted_pattern = '*', min_length = 0, max_length = 32
 WHERE field = 'mobileNum';
