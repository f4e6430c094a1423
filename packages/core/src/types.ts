/** The vocabulary of the rules core: colours, results and small shared types. */

export const COLORS = ['white', 'black'] as const;
export type Color = (typeof COLORS)[number];
export type ByColor<T> = { [C in Color]: T };
/** The other side: White's opponent is Black, Black's is White. */
export const otherColor = (c: Color): Color => (c === 'white' ? 'black' : 'white');
/** A colour as a sentence writes it: "White", "Black". */
export const colorTitle = (c: Color): 'White' | 'Black' => (c === 'white' ? 'White' : 'Black');

/** Colour as a number in the fast layer: 0 = White, 1 = Black. */
export type ColorIndex = 0 | 1;
export const WHITE: ColorIndex = 0;
export const BLACK: ColorIndex = 1;
export const colorName = (c: ColorIndex): Color => (c === 0 ? 'white' : 'black');
export const colorIndex = (c: Color): ColorIndex => (c === 'white' ? 0 : 1);

/** A result for unchecked input: parsing never throws, it returns what and where went wrong. */
export type Result<T, E = string> =
  | { readonly ok: true; readonly value: T; readonly error?: undefined }
  | { readonly ok: false; readonly error: E; readonly value?: undefined };
export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });
