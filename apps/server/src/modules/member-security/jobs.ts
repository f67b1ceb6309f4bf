import { sql } from 'kysely';
import { defineJob, every } from '../../platform/jobs';

/** Email codes live minutes and the sending limit looks back an hour; a day later a code is forgotten. */
export const memberSecurityJobs = [
  defineJob({
    name: 'email-codes-sweep',
    description: 'forgets email bind codes sent more than a day ago',
    schedule: every({ hours: 1 }),
    catchUp: 'latest',
    async run({ db }) {
      const r = await db.kysely
        .deleteFrom('email_codes')
        .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirst();
      return { deleted: Number(r.numDeletedRows) };
    },
  }),
];
