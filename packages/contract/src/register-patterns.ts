/**
 * The registration patterns a brand may give a field (spec §5). A field rule stores `patternId`
 * and `acceptedPattern` (= `regex` here, copied so a brand may still write its own); the form
 * shows the message key `reg_pattern_{patternId}` with (min) and (max) replaced.
 *
 * `regex` is a JavaScript RegExp source matched against the whole value (anchored), without
 * flags, so the browser and the server read it the same way. '*' accepts anything: then only
 * the length bounds apply.
 */
export type RegisterPattern = { id: string; regex: string; description: string };

export const REGISTER_PATTERNS = [
  { id: 'length', regex: '*', description: 'Please enter (min) - (max) characters' },
  {
    id: 'letterFirstAlnum',
    regex: '^[A-Za-z][A-Za-z0-9]*$',
    description: 'Please enter (min) - (max) characters, first char a letter then letters and numbers',
  },
  { id: 'email', regex: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', description: 'Please enter a valid email address' },
  {
    id: 'alnum',
    regex: '^[A-Za-z0-9]+$',
    description: 'Please enter (min) - (max) characters, letters or numbers only',
  },
  {
    id: 'alnumMixed',
    regex: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
    description: 'Please enter (min) - (max) characters, letters and numbers required',
  },
  { id: 'digits', regex: '^[0-9]+$', description: 'Please enter (min) - (max) characters, digits only' },
  {
    id: 'upper',
    regex: '^(?=.*[A-Z]).+$',
    description: 'Please enter (min) - (max) characters, at least one uppercase letter',
  },
  {
    id: 'lettersSpaces',
    regex: '^[A-Za-z ]+$',
    description: 'Please enter (min) - (max) characters, English letters and spaces',
  },
  { id: 'noSpaces', regex: '^\\S+$', description: 'Please enter (min) - (max) characters, no spaces' },
  { id: 'dateYmd', regex: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'Please enter a date as yyyy-MM-dd' },
  { id: 'dateMdy', regex: '^[0-9]{2}-[0-9]{2}-[0-9]{4}$', description: 'Please enter a date as MM-dd-yyyy' },
  { id: 'thai', regex: '^[\\u0E00-\\u0E7F ]+$', description: 'Please enter (min) - (max) characters, Thai only' },
  {
    id: 'fullName',
    regex: '^\\S+( \\S+)+$',
    description: 'Please enter your full name: first and last name separated by a space',
  },
  {
    id: 'strongPassword',
    regex: '^(?=.*[A-Z])(?=.*[a-z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).+$',
    description:
      'Please enter (min) - (max) characters with one uppercase, one lowercase, one number and one special symbol',
  },
  {
    // Printable ASCII without spaces: what a player can type on any keyboard and log in with again.
    id: 'password',
    regex: '^[\\x21-\\x7E]+$',
    description: 'Please fill in your password with (min) - (max) characters',
  },
  {
    // Mobile numbers are read by the phone-number library with its full metadata (phone.ts,
    // `validateMobile`), never by a pattern: the mobile field's rule carries this id, '*', and
    // its length bounds only limit what may be typed.
    id: 'mobile',
    regex: '*',
    description: 'Please enter a valid mobile number',
  },
  { id: 'verificationCode', regex: '^[A-Za-z0-9]+$', description: 'Please enter a valid verification code' },
] as const satisfies readonly RegisterPattern[];

export type RegisterPatternId = (typeof REGISTER_PATTERNS)[number]['id'];

export const REGISTER_PATTERN_BY_ID: Readonly<Record<RegisterPatternId, RegisterPattern>> = Object.fromEntries(
  REGISTER_PATTERNS.map((p) => [p.id, p]),
) as Record<RegisterPatternId, RegisterPattern>;

/** The i18n key of a pattern's message (spec §5). */
export const registerPatternMessageKey = (patternId: string) => `reg_pattern_${patternId}`;
