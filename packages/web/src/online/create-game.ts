/** Creates a game on the server, keeps the seat in this browser and opens the game page. */
import type { CreateGameRequest } from '@citadel/protocol';
import type { PageContext } from '../page-context.ts';
import { api } from './api.ts';
import { keepSeat } from './seats.ts';

/** Resolves to the server's refusal, or null once the game page opens. */
export async function createAndOpen(
  ctx: PageContext,
  request: CreateGameRequest,
): Promise<string | null> {
  try {
    const made = await api.createGame(request);
    keepSeat(made.id, made.seat);
    ctx.navigate(`/game/${made.id}`);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
