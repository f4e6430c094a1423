/** `citadel bench` (deterministic signature), `citadel play` driven by piped input, and a pipe closed early. */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, runCli } from './helpers.ts';

describe('citadel bench', () => {
  it('prints the same node counts twice at a small depth', () => {
    const a = runCli(['bench', '--depth', '3', '--hash', '4']);
    const b = runCli(['bench', '--depth', '3', '--hash', '4']);
    expect(a.status).toBe(0);
    expect(b.status).toBe(0);
    const nodes = (s: string): string[] =>
      s.split('\n').filter((l) => l.startsWith('Position') || l.startsWith('Total nodes:'));
    expect(nodes(a.stdout).length).toBeGreaterThan(15);
    expect(nodes(a.stdout)).toEqual(nodes(b.stdout));
    expect(a.stdout).toMatch(/^Total nodes: [1-9]\d*$/m);
    expect(a.stdout).toMatch(/^Nodes\/second: \d+$/m);
  });

  it('rejects a bad depth', () => {
    const r = runCli(['bench', '--depth', 'deep']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--depth/);
  });
});

describe('citadel play', () => {
  it('plays piped moves to checkmate and prints the result', () => {
    const r = runCli(
      ['play', 'chess', '--fen', '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1'],
      'moves\nRa9\nRa8\n',
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Legal moves \(\d+\): .*Ra8/);
    expect(r.stdout).toMatch(/illegal move Ra9/);
    expect(r.stdout).toMatch(/Game over: checkmate: White wins/);
    expect(r.stdout).toMatch(/Result: 1-0/);
  });

  it('lets the engine answer, undoes, and quits cleanly', () => {
    const r = runCli(
      ['play', 'tamerlane', '--level', '2', '--movetime', '200'],
      'help\nf4\nundo\ng4\nquit\nnever read\n',
    );
    expect(r.status).toBe(0);
    expect(r.stdout.match(/Citadel plays 1\.\.\. \S+/g)).toHaveLength(2);
    expect(r.stdout).toMatch(/Took back/);
    expect(r.stdout).toMatch(/Bye\./);
    expect(r.stdout).not.toMatch(/never read/);
  });

  it('plays Black: the engine moves first, and the end of input leaves', () => {
    const r = runCli(['play', 'husun', '--color', 'black', '--level', '1'], '');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Citadel plays 1\. \S+/);
    expect(r.stdout).toMatch(/End of input/);
  });
});

describe('a reader that stops reading', () => {
  it('ends the command quietly (exit 0, nothing on stderr) instead of crashing on EPIPE', async () => {
    const child = spawn(process.execPath, [CLI, 'play', 'husun', '--level', '1']);
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    // Like `citadel play husun | head -1`: the reader takes the first output and goes away,
    // then the command has more to say (the board again).
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    for (let i = 0; i < 50; i++) child.stdin.write('board\n');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  });
});
