/**
 * The password of the bot account `citadel bot --account` plays under. It is never taken from the
 * command line, where `ps` shows it to every user of the machine: it comes from the first line of
 * the file `--password-file` names (which wins), or else from the environment variable
 * CITADEL_BOT_PASSWORD.
 */
import { readFileSync } from 'node:fs';
import { err, ok, type Result } from '@citadel/core';

export const PASSWORD_VARIABLE = 'CITADEL_BOT_PASSWORD';

/** The password for `account`, or a sentence saying what is missing. */
export function botPassword(
  account: string,
  file: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Result<string> {
  if (file !== undefined) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      return err(`--password-file: cannot read ${file} (${typeof code === 'string' ? code : e})`);
    }
    const line = text.split('\n')[0]!.replace(/\r$/, '');
    return line ? ok(line) : err(`--password-file: ${file} has no password on its first line`);
  }
  const password = env[PASSWORD_VARIABLE];
  if (password) return ok(password);
  return err(
    `--account ${account} needs its password in ${PASSWORD_VARIABLE} or in a file named by ` +
      '--password-file (never on the command line)',
  );
}
