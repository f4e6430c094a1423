/**
 * Versioned migrations, the same for SQLite and PostgreSQL (Kysely's migrator records which ran).
 * A migration is never edited once merged: changes come as a new one.
 */
import type { Kysely, Migration } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-games-accounts': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('games')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('variant', 'text', (c) => c.notNull())
          .addColumn('array_id', 'text', (c) => c.notNull())
          .addColumn('rules', 'text', (c) => c.notNull())
          .addColumn('clock', 'text')
          .addColumn('rated', 'integer', (c) => c.notNull())
          .addColumn('lobby', 'integer', (c) => c.notNull())
          .addColumn('white_token', 'text')
          .addColumn('black_token', 'text')
          .addColumn('white_account', 'integer')
          .addColumn('black_account', 'integer')
          .addColumn('white_name', 'text')
          .addColumn('black_name', 'text')
          .addColumn('moves', 'text', (c) => c.notNull())
          .addColumn('move_clocks', 'text', (c) => c.notNull())
          .addColumn('clock_white', 'bigint', (c) => c.notNull())
          .addColumn('clock_black', 'bigint', (c) => c.notNull())
          .addColumn('turn_started_at', 'bigint')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('result', 'text')
          .addColumn('reason', 'text')
          .addColumn('end_text', 'text')
          .addColumn('offers', 'text', (c) => c.notNull())
          .addColumn('rematch_id', 'text')
          .addColumn('version', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('ended_at', 'bigint')
          .execute();
        for (const [name, cols] of [
          ['games_status', ['status', 'lobby', 'created_at']],
          ['games_white_token', ['white_token']],
          ['games_black_token', ['black_token']],
          ['games_white_account', ['white_account', 'ended_at']],
          ['games_black_account', ['black_account', 'ended_at']],
          ['games_variant_ended', ['variant', 'ended_at']],
          ['games_ended', ['ended_at']],
        ] as const)
          await db.schema
            .createIndex(name)
            .on('games')
            .columns([...cols])
            .execute();

        await db.schema
          .createTable('accounts')
          .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
            dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('username_key', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('ratings')
          .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
          .addColumn('variant', 'text', (c) => c.notNull())
          .addColumn('rating', 'double precision', (c) => c.notNull())
          .addColumn('rd', 'double precision', (c) => c.notNull())
          .addColumn('volatility', 'double precision', (c) => c.notNull())
          .addColumn('games', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('ratings_pk', ['account_id', 'variant'])
          .execute();
      },
    },
    '0002-first-move-deadline': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('games').addColumn('first_move_by', 'bigint').execute();
      },
    },
    '0003-game-rating-change': {
      async up(db: Kysely<unknown>) {
        // JSON: each player's rating before and after a rated game, written when it ends.
        await db.schema.alterTable('games').addColumn('rating_change', 'text').execute();
      },
    },
    '0004-service-heartbeat': {
      async up(db: Kysely<unknown>) {
        // One row: when a server process last said it was up (service/downtime.ts).
        await db.schema
          .createTable('heartbeat')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('at', 'bigint', (c) => c.notNull())
          .execute();
      },
    },
    '0005-login-failures-sessions': {
      async up(db: Kysely<unknown>) {
        // Failed logins by username (known or not), and until when that name's logins wait.
        await db.schema
          .createTable('login_failures')
          .addColumn('username_key', 'text', (c) => c.primaryKey())
          .addColumn('failures', 'integer', (c) => c.notNull())
          .addColumn('locked_until', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('sessions_account')
          .on('sessions')
          .column('account_id')
          .execute();
        await db.schema
          .createIndex('sessions_expires')
          .on('sessions')
          .column('expires_at')
          .execute();
      },
    },
    '0006-game-deadlines': {
      async up(db: Kysely<unknown>) {
        // When each game in progress next needs the server (rows.ts writes it with every save),
        // indexed: the deadline scheduler reads the soonest ones instead of keeping a timer per game.
        await db.schema.alterTable('games').addColumn('deadline_at', 'bigint').execute();
        await db.schema.createIndex('games_deadline').on('games').column('deadline_at').execute();
        const running = await (db as Kysely<DeadlineRows>)
          .selectFrom('games')
          .select(['id', 'moves', 'clock_white', 'clock_black', 'turn_started_at', 'first_move_by'])
          .where('status', '=', 'started')
          .execute();
        for (const g of running) {
          // As @citadel/game's deadlineAt (clock.ts): the running clock's flag, else the first-move deadline.
          const whiteToMove = (JSON.parse(g.moves) as unknown[]).length % 2 === 0;
          const at =
            g.turn_started_at !== null
              ? Number(g.turn_started_at) + Number(whiteToMove ? g.clock_white : g.clock_black)
              : g.first_move_by === null
                ? null
                : Number(g.first_move_by);
          if (at === null) continue;
          await (db as Kysely<DeadlineRows>)
            .updateTable('games')
            .set({ deadline_at: at })
            .where('id', '=', g.id)
            .execute();
        }
      },
    },
    '0007-bot-accounts': {
      async up(db: Kysely<unknown>) {
        // Whether a program plays the account (1) or a person (0), chosen at registration; and,
        // as a seat's name is, copied into each seat an account takes. Every account and seat
        // before this migration is a person's.
        await db.schema
          .alterTable('accounts')
          .addColumn('bot', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        for (const column of ['white_bot', 'black_bot'])
          await db.schema
            .alterTable('games')
            .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
            .execute();
      },
    },
    '0008-lobby-poster-seen': {
      async up(db: Kysely<unknown>) {
        // When a challenge's poster was last known connected (service/lobby.ts): the lobby lists
        // only the waiting games seen lately, found through the index without reading the rest.
        await db.schema.alterTable('games').addColumn('poster_seen_at', 'bigint').execute();
        await db.schema
          .createIndex('games_lobby_seen')
          .on('games')
          .columns(['status', 'lobby', 'poster_seen_at'])
          .execute();
      },
    },
    '0009-history-indexes': {
      async up(db: Kysely<unknown>) {
        // The history's lists, each read from an index in its own order, so that their cost does
        // not grow with the number of games ever played (docs/design.md, "History"):
        // - `archived_at`: when a game listed in the archive ended (a finished game that was not
        //   aborted), else null; the archive reads (archived_at, id) newest first, or within a
        //   variant (variant, archived_at, id).
        // - `player_games`: one row per account seated in such a game, so that one index range
        //   gives a player's games newest first (in a variant too) without OR-ing the two seats.
        // - my games: each seat's account by creation time; an account's sessions by expiry.
        const raw = db as Kysely<HistoryRows>;
        await db.schema.alterTable('games').addColumn('archived_at', 'bigint').execute();
        await raw
          .updateTable('games')
          .set((eb) => ({ archived_at: eb.ref('ended_at') }))
          .where('status', '=', 'ended')
          .where('reason', '!=', 'abort')
          .execute();
        await db.schema
          .createTable('player_games')
          .addColumn('account_id', 'integer', (c) => c.notNull())
          .addColumn('archived_at', 'bigint', (c) => c.notNull())
          .addColumn('game_id', 'text', (c) => c.notNull())
          .addColumn('variant', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('player_games_pk', ['account_id', 'archived_at', 'game_id'])
          .execute();
        for (const seat of ['white_account', 'black_account'] as const)
          await raw
            .insertInto('player_games')
            .columns(['account_id', 'archived_at', 'game_id', 'variant'])
            .expression(
              raw
                .selectFrom('games')
                .select([seat, 'archived_at', 'id', 'variant'])
                .where('archived_at', 'is not', null)
                .where(seat, 'is not', null),
            )
            .onConflict((oc) => oc.doNothing())
            .execute();
        for (const [name, table, cols] of [
          [
            'player_games_variant',
            'player_games',
            ['account_id', 'variant', 'archived_at', 'game_id'],
          ],
          ['games_archived', 'games', ['archived_at', 'id']],
          ['games_variant_archived', 'games', ['variant', 'archived_at', 'id']],
          ['games_white_created', 'games', ['white_account', 'created_at']],
          ['games_black_created', 'games', ['black_account', 'created_at']],
          ['sessions_account_expires', 'sessions', ['account_id', 'expires_at']],
        ] as const)
          await db.schema
            .createIndex(name)
            .on(table)
            .columns([...cols])
            .execute();
        // Replaced by the indexes above; and games_status, which let the lobby read the challenges
        // of posters long gone (they stay waiting) instead of the range of those seen lately.
        for (const name of [
          'games_status',
          'sessions_account',
          'games_white_account',
          'games_black_account',
          'games_variant_ended',
          'games_ended',
        ])
          await db.schema.dropIndex(name).execute();
      },
    },
    '0010-lag-compensation': {
      async up(db: Kysely<unknown>) {
        // Lag compensation (@citadel/game's lag-compensation.ts): the lag credited with each move
        // (JSON, beside move_clocks), each player's quota now and the totals credited in the
        // game (for the operator); and how many times each player gave the opponent time. A game
        // in progress at the upgrade starts with an empty quota, which its moves fill.
        await db.schema
          .alterTable('games')
          .addColumn('move_lag', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute();
        for (const column of [
          'lag_quota_white',
          'lag_quota_black',
          'lag_white',
          'lag_black',
          'time_given_white',
          'time_given_black',
        ])
          await db.schema
            .alterTable('games')
            .addColumn(column, column.startsWith('time') ? 'integer' : 'bigint', (c) =>
              c.notNull().defaultTo(0),
            )
            .execute();
      },
    },
    '0011-tournaments': {
      async up(db: Kysely<unknown>) {
        // Arenas (docs/design.md, "Tournaments"): the tournament, its players with their sheets,
        // its games; and on a game, its tournament and which seats went berserk.
        await db.schema.alterTable('games').addColumn('tournament_id', 'text').execute();
        for (const column of ['white_berserk', 'black_berserk'])
          await db.schema
            .alterTable('games')
            .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
            .execute();
        await db.schema
          .createTable('tournaments')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('variant', 'text', (c) => c.notNull())
          .addColumn('array_id', 'text', (c) => c.notNull())
          .addColumn('rules', 'text', (c) => c.notNull())
          .addColumn('clock', 'text', (c) => c.notNull())
          .addColumn('rated', 'integer', (c) => c.notNull())
          .addColumn('creator', 'integer')
          .addColumn('creator_name', 'text')
          .addColumn('schedule_key', 'text', (c) => c.unique())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('starts_at', 'bigint', (c) => c.notNull())
          .addColumn('ends_at', 'bigint', (c) => c.notNull())
          .addColumn('max_players', 'integer')
          .addColumn('players', 'integer', (c) => c.notNull())
          .addColumn('next_action_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('tournament_players')
          .addColumn('tournament_id', 'text', (c) => c.notNull())
          .addColumn('account_id', 'integer', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('bot', 'integer', (c) => c.notNull())
          .addColumn('rating', 'double precision', (c) => c.notNull())
          .addColumn('withdrawn', 'integer', (c) => c.notNull())
          .addColumn('waiting_since', 'bigint')
          .addColumn('game_id', 'text')
          .addColumn('last_opponent', 'integer')
          .addColumn('color_balance', 'integer', (c) => c.notNull())
          .addColumn('color_last', 'text')
          .addColumn('color_streak', 'integer', (c) => c.notNull())
          .addColumn('score', 'integer', (c) => c.notNull())
          .addColumn('win_streak', 'integer', (c) => c.notNull())
          .addColumn('games', 'integer', (c) => c.notNull())
          .addColumn('wins', 'integer', (c) => c.notNull())
          .addColumn('draws', 'integer', (c) => c.notNull())
          .addColumn('losses', 'integer', (c) => c.notNull())
          .addColumn('performance_sum', 'double precision', (c) => c.notNull())
          .addColumn('joined_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('tournament_players_pk', ['tournament_id', 'account_id'])
          .execute();
        await db.schema
          .createTable('tournament_games')
          .addColumn('game_id', 'text', (c) => c.primaryKey())
          .addColumn('tournament_id', 'text', (c) => c.notNull())
          .addColumn('white', 'integer', (c) => c.notNull())
          .addColumn('black', 'integer', (c) => c.notNull())
          .addColumn('white_rating', 'double precision', (c) => c.notNull())
          .addColumn('black_rating', 'double precision', (c) => c.notNull())
          .addColumn('started_at', 'bigint', (c) => c.notNull())
          .addColumn('ended_at', 'bigint')
          .addColumn('result', 'text')
          .addColumn('white_points', 'integer')
          .addColumn('black_points', 'integer')
          .execute();
        for (const [name, table, cols] of [
          // The director's read: the soonest tournament due.
          ['tournaments_next_action', 'tournaments', ['next_action_at']],
          // The lists by status, in start order.
          ['tournaments_status', 'tournaments', ['status', 'starts_at', 'id']],
          // How many a player made lately (the limit per day).
          ['tournaments_creator', 'tournaments', ['creator', 'created_at']],
          // A tournament's games, newest first.
          [
            'tournament_games_started',
            'tournament_games',
            ['tournament_id', 'started_at', 'game_id'],
          ],
        ] as const)
          await db.schema
            .createIndex(name)
            .on(table)
            .columns([...cols])
            .execute();
      },
    },
  };
}

/** The columns migration 0009 reads and writes, as they stood then. */
interface HistoryRows {
  games: {
    id: string;
    variant: string;
    status: string;
    reason: string | null;
    white_account: number | null;
    black_account: number | null;
    ended_at: number | null;
    archived_at: number | null;
  };
  player_games: { account_id: number; archived_at: number; game_id: string; variant: string };
}

/** The columns migration 0006 reads and writes, as they stood then. */
interface DeadlineRows {
  games: {
    id: string;
    status: string;
    moves: string;
    clock_white: number | string;
    clock_black: number | string;
    turn_started_at: number | string | null;
    first_move_by: number | string | null;
    deadline_at: number | null;
  };
}
