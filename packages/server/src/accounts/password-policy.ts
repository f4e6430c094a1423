/**
 * What a new password must not be, beyond the length the protocol checks: blank, one character
 * repeated, the username itself, or one of the passwords that lists of leaked passwords show to be
 * the most common (the first ones any attacker tries). Checked when an account is registered.
 */

/** Common passwords of at least 8 characters, lower case (compared case-insensitively). */
const COMMON = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '87654321',
  '11111111',
  '00000000',
  '12341234',
  '11223344',
  '12121212',
  '123123123',
  '1q2w3e4r',
  '1qaz2wsx',
  'qwertyui',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  'asdfghjk',
  'asdfasdf',
  'zxcvbnm1',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'letmein1',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'starwars',
  'whatever',
  'trustno1',
  'welcome1',
  'welcome123',
  'changeme',
  'abcd1234',
  'abc12345',
  'abcdefgh',
  'aa123456',
  'admin123',
  'administrator',
  'computer',
  'internet',
  'michelle',
  'jennifer',
  'jordan23',
  'liverpool',
  'chelsea1',
  'charlie1',
  'dragon12',
  'monkey12',
  'master12',
  'shadow12',
  'qazwsxedc',
  'chess123',
  'chessmaster',
  'citadel1',
  'tamerlane',
]);

/** Why `password` will not do for an account named `username`, or null when it will. */
export function passwordProblem(password: string, username: string): string | null {
  const p = password.normalize('NFKC');
  if (!p.trim()) return 'a password cannot be blank';
  if ([...p].every((c) => c === p[0])) return 'a password cannot be one character repeated';
  if (p.toLowerCase().includes(username.toLowerCase()))
    return 'a password cannot contain the username';
  if (COMMON.has(p.toLowerCase()))
    return 'that password is one of the most common ones: choose another';
  return null;
}
