/** Square names of the bounding box: file letter from `a`, rank from 1 (`a10`). */

export const FILE_LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** File and rank (both 0-based) of a square name such as `a10`, or null. */
export function parseSquare(name: string): [number, number] | null {
  const m = /^([a-z])([0-9]{1,2})$/.exec(name);
  if (!m) return null;
  return [FILE_LETTERS.indexOf(m[1]!), Number(m[2]) - 1];
}

export function squareName(file: number, rank: number): string {
  return FILE_LETTERS[file]! + String(rank + 1);
}
