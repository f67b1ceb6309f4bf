// `npm run khela -- <command>`: the operator commands (cli-commands.ts) as a process of their own.
import { runCommand } from './cli-commands';

const { code, out, err } = await runCommand(process.argv.slice(2));
if (out) console.log(out);
if (err) console.error(err);
process.exitCode = code;
