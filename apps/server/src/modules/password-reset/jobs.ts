import { sql } from 'kysely';
import { defineJob, every } from '../../platform/jobs';

/**
 * A reset link is good for minutes and the request limits look back an hour; a day later the
 * links and requests are forgotten.
 */
export const passwordResetJobs = [
  defineJob({
    name: 'password-reset-sweep',
    description: 'forgets password-reset links and requests older than a day',
    schedule: every({ hours: 1 }),
    catchUp: 'latest',
    async run({ db }) {
      const tokens = await sql`
        DELETE FROM password_reset_tokens WHERE created_at < now() - interval '1 day'`.execute(db.kysely);
      const requests = await sql`
        DELETE FROM password_reset_requests WHERE at < now() - interval '1 day'`.execute(db.kysely);
      return { links: Number(tokens.numAffectedRows ?? 0), requests: Number(requests.numAffectedRows ?? 0) };
    },
  }),
];
