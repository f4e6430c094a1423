/**
 * Move, capture, check, game-end, low-time and game-start (a tournament pairing) sounds, synthesised with the Web Audio API (no audio files),
 * and the mute setting (saved in local storage). The audio context starts on the first sound,
 * which always follows a user gesture (a move, or a button).
 */
import { readStored, writeStored } from './safe-storage.ts';

export type SoundName = 'move' | 'capture' | 'check' | 'end' | 'low-time' | 'start';

const MUTE_KEY = 'citadel.muted';

declare global {
  interface Window {
    /** The last sounds asked for (at most SOUND_LOG_SIZE), muted or not, for the browser tests. */
    citadelSounds?: { name: SoundName; muted: boolean }[];
  }
}

/** How many sounds `window.citadelSounds` keeps: a tab open for hours must not grow with them. */
export const SOUND_LOG_SIZE = 64;

/** One note: frequency (Hz), start offset and length (s), peak gain, wave shape. */
type Note = readonly [number, number, number, number, OscillatorType];

const NOTES: Record<SoundName, readonly Note[]> = {
  move: [[520, 0, 0.07, 0.25, 'triangle']],
  capture: [
    [300, 0, 0.09, 0.35, 'square'],
    [180, 0.05, 0.12, 0.3, 'triangle'],
  ],
  check: [
    [880, 0, 0.1, 0.2, 'sine'],
    [1175, 0.1, 0.14, 0.2, 'sine'],
  ],
  end: [
    [523, 0, 0.18, 0.22, 'sine'],
    [659, 0.16, 0.18, 0.22, 'sine'],
    [784, 0.32, 0.36, 0.22, 'sine'],
  ],
  'low-time': [
    [988, 0, 0.08, 0.25, 'square'],
    [988, 0.14, 0.08, 0.25, 'square'],
    [988, 0.28, 0.08, 0.25, 'square'],
  ],
  start: [
    [392, 0, 0.12, 0.25, 'triangle'],
    [784, 0.12, 0.22, 0.25, 'triangle'],
  ],
};

let context: AudioContext | null = null;

export function isMuted(): boolean {
  return readStored(MUTE_KEY) === '1';
}

/** Mutes or unmutes; false when the browser refused to save it (it holds for the page's life). */
export function setMuted(muted: boolean): boolean {
  return writeStored(MUTE_KEY, muted ? '1' : null, 'setting');
}

/** Plays a sound unless muted; never throws (no audio device, autoplay policy). */
export function playSound(name: SoundName): void {
  const muted = isMuted();
  if (typeof window !== 'undefined') {
    const log = (window.citadelSounds ??= []);
    log.push({ name, muted });
    if (log.length > SOUND_LOG_SIZE) log.splice(0, log.length - SOUND_LOG_SIZE);
  }
  if (muted) return;
  try {
    const Ctx = globalThis.AudioContext;
    if (!Ctx) return;
    context ??= new Ctx();
    if (context.state === 'suspended') void context.resume();
    const now = context.currentTime + 0.01;
    for (const [freq, at, length, peak, type] of NOTES[name]) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = type;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(peak, now + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
      osc.connect(gain).connect(context.destination);
      osc.start(now + at);
      osc.stop(now + at + length + 0.02);
    }
  } catch {
    // No sound: the game goes on.
  }
}
