/** Random game ids and seat tokens, and how a token is stored (its SHA-256). */
import { createHash, randomBytes } from 'node:crypto';

/** 10 base64url characters: 60 random bits, enough that ids are not guessed in practice. */
export const newGameId = (): string => randomBytes(8).toString('base64url').slice(0, 10);

/** A seat's or session's secret: 256 random bits. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
