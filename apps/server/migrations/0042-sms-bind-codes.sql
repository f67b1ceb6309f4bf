-- The security centre binds or changes a member's mobile number with a code texted to the new
-- number (purpose 'bind'), under the same limits as every other code.
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check
  CHECK (purpose IN ('login', 'register', 'reset', 'newip', 'bind'));
