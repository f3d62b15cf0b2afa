import { PLAYER_STATE, type PlayerStateValue } from './timing';

/**
 * The current item's lifecycle as explicit states, a pure reducer. What the item does now is the state's name; what
 * it was asked to do next (a play asked before the media can play, a pause while it loads, whether a reload plays on)
 * is data of the state it applies to. The engine sends the events (commands, the adapter's reports, the watchdog)
 * and acts on the state it gets back; an event that a state does not take leaves it as it is. The host's player
 * state (`reported`) and the stall watchdog's expectation of progress (`expectsProgress`) derive from it.
 */

/** How a load starts its item once the media is ready. */
export type Start =
  /** Reloaded where it stood to play on (a stall, Try again): if this load fails, Try again plays on too. */
  | 'resume'
  /** Plays (the playlist continues, an item chosen while playing). */
  | 'play'
  /** The autoplay preference: plays, except on touch-first devices, which wait for a tap. */
  | 'auto'
  | 'wait';

/** A play that waits for the media (no item, no adapter or no stage yet): it starts as soon as the item can. */
type Queued = 'play' | undefined;

/**
 * Nothing loaded or loading: no playlist yet, the player screen gone, or the element off the page (`at`: where the
 * item stood, to come back there).
 */
export interface Idle {
  readonly name: 'idle';
  readonly asked?: Queued;
  readonly at?: { readonly index: number; readonly time: number };
  /**
   * The player told the host its first video was ready (state 0) before this engine ran: its video had its metadata
   * while the engine's work waited (src/app/route-loaders.ts, issue 25). The first load keeps that state.
   */
  readonly early?: true;
}

/** The item's source and adapter load. `asked`: the last play or pause asked meanwhile; it wins over `start`. */
export interface Loading {
  readonly name: 'loading';
  readonly start: Start;
  readonly asked?: 'play' | 'pause';
  /** Loading the video the player has reported ready (`Idle.early`): shown as ready (0), not as loading (-1). */
  readonly early?: true;
}

/** Loaded, not started. `asked`: a play waiting for the stage (sound and picture start together). */
export interface Ready {
  readonly name: 'ready';
  readonly asked?: Queued;
}

/** Play was asked of the media, which has not reported playing (no data yet): shown as before, but expected to move. */
export interface Starting {
  readonly name: 'starting';
  readonly from: 'ready' | 'paused';
}

export interface Playing {
  readonly name: 'playing';
}

export interface Paused {
  readonly name: 'paused';
}

export interface Ended {
  readonly name: 'ended';
}

/**
 * A stall, or a network error mid-file: the item reloads where it stood after the watchdog's backoff, playing on or
 * not (`reload`). `during`: the state shown meanwhile; the media still reports into it, and progress ends the wait.
 */
export interface Recovering {
  readonly name: 'recovering';
  readonly during: Settled;
  readonly reload: 'play' | 'wait';
}

/**
 * A failure is shown (during the load: not ready; during playback: idle). `retry`: whether Try again plays on (the
 * item was playing or about to); `asked`: a play asked since.
 */
export interface Failed {
  readonly name: 'failed';
  readonly during: 'load' | 'playback';
  readonly retry: 'play' | 'wait';
  readonly asked?: Queued;
}

/** The states a recovery can be shown as. */
export type Settled = Loading | Ready | Starting | Playing | Paused | Ended | Failed;
export type Lifecycle = Idle | Settled | Recovering;
export type LifecycleName = Lifecycle['name'];

export type LifecycleEvent =
  /** An item loads (another one, or the same one in another language or variant); a queued play carries over. */
  | { readonly type: 'load'; readonly start: Start }
  /** The visitor or host chose an item (next, previous, an index): a queued play is dropped. */
  | { readonly type: 'select'; readonly start: 'play' | 'wait' }
  /** The same item loads again where it stood: the watchdog's reload, Try again. */
  | { readonly type: 'reload' }
  /** The adapter is in place. */
  | { readonly type: 'ready' }
  /** Play asked while no media is on the stage: it waits. */
  | { readonly type: 'queue' }
  /** Play asked of the media. */
  | { readonly type: 'play' }
  /** The media refused or dropped that play. */
  | { readonly type: 'refused' }
  | { readonly type: 'pause' }
  /** The media's reports (`ended` also comes from the poll's end rule). */
  | { readonly type: 'playing' }
  | { readonly type: 'paused' }
  | { readonly type: 'ended' }
  /** A seek on the media: an ended item is paused where it went. */
  | { readonly type: 'seeked' }
  | { readonly type: 'stop' }
  /** The watchdog starts a recovery (a stall, a network error); `moved`: progress during its backoff. */
  | { readonly type: 'stall' }
  | { readonly type: 'moved' }
  | { readonly type: 'fail' }
  /** The media is released (the stage went away, the element left the page, at `at`). */
  | { readonly type: 'release'; readonly at?: Idle['at'] }
  /** The playlist is left. */
  | { readonly type: 'reset' };

export const IDLE: Idle = { name: 'idle' };
/** An engine made after the player reported its first video ready (`Idle.early`). */
export const EARLY_IDLE: Idle = { name: 'idle', early: true };
const PLAYING: Playing = { name: 'playing' };
const PAUSED: Paused = { name: 'paused' };
const ENDED: Ended = { name: 'ended' };
const READY: Ready = { name: 'ready' };

const loading = (start: Start, asked?: Loading['asked'], early?: boolean): Loading => ({
  name: 'loading',
  start,
  ...(asked && { asked }),
  ...(early && { early: true }),
});

/** A play asked before the media could play, which the next load keeps. */
export function queued(s: Lifecycle): Queued {
  switch (s.name) {
    case 'idle':
    case 'ready':
    case 'failed':
      return s.asked;
    case 'loading':
      return s.asked === 'play' ? 'play' : undefined;
    case 'recovering':
      return queued(s.during);
    default:
      return undefined;
  }
}

/** Whether a reload or Try again plays on: the item was playing, or about to. */
export function resumes(s: Lifecycle): 'play' | 'wait' {
  switch (s.name) {
    case 'playing':
    case 'starting':
      return 'play';
    case 'loading':
      return s.asked === 'play' || (s.asked !== 'pause' && s.start === 'resume') ? 'play' : 'wait';
    case 'failed':
      return s.retry === 'play' || s.asked === 'play' ? 'play' : 'wait';
    case 'recovering':
      return s.reload === 'play' ? 'play' : resumes(s.during);
    default:
      return queued(s) ?? 'wait';
  }
}

/** What a loading item does once ready: a pause asked meanwhile wins, then a play asked, then the load's own start. */
export function startPlan(s: Lifecycle): 'play' | 'auto' | 'wait' {
  if (s.name !== 'loading') return 'wait';
  if (s.asked) return s.asked === 'play' ? 'play' : 'wait';
  return s.start === 'resume' ? 'play' : s.start;
}

/** The same state without `early`: the load to come is not the video the player reported ready (another key). */
export function withoutEarly(s: Lifecycle): Lifecycle {
  if ((s.name !== 'idle' && s.name !== 'loading') || !s.early) return s;
  const rest = { ...s };
  delete rest.early;
  return rest;
}

/** The player state the host sees (-1 not ready, 0 idle, 1 playing, 2 paused, 9 ended). */
export function reported(s: Lifecycle): PlayerStateValue {
  switch (s.name) {
    case 'idle':
    case 'loading':
      return s.early ? PLAYER_STATE.IDLE : PLAYER_STATE.NOT_READY;
    case 'ready':
      return PLAYER_STATE.IDLE;
    case 'starting':
      return s.from === 'ready' ? PLAYER_STATE.IDLE : PLAYER_STATE.PAUSED;
    case 'playing':
      return PLAYER_STATE.PLAYING;
    case 'paused':
      return PLAYER_STATE.PAUSED;
    case 'ended':
      return PLAYER_STATE.ENDED;
    case 'recovering':
      return reported(s.during);
    case 'failed':
      return s.during === 'load' ? PLAYER_STATE.NOT_READY : PLAYER_STATE.IDLE;
  }
}

/** Whether the media should be moving (playing, or asked to and not paused, ended or failed since): the watchdog's
 * cue. */
export function expectsProgress(s: Lifecycle): boolean {
  if (s.name === 'recovering') return expectsProgress(s.during);
  return s.name === 'playing' || s.name === 'starting';
}

/** The next state. Events that apply whatever the state comes first, then each state's own. */
export function lifecycle(s: Lifecycle, e: LifecycleEvent): Lifecycle {
  switch (e.type) {
    case 'load':
      return loading(e.start, queued(s), (s.name === 'idle' || s.name === 'loading') && s.early);
    case 'select':
      return loading(e.start);
    case 'reload':
      if (s.name === 'recovering') return loading(s.reload === 'play' ? 'resume' : 'wait', queued(s.during));
      if (s.name === 'failed') return loading(s.retry === 'play' ? 'resume' : 'wait', s.asked);
      return loading('wait', queued(s));
    case 'release':
      return { name: 'idle', ...(queued(s) && { asked: 'play' }), ...(e.at && { at: e.at }) };
    case 'reset':
      return IDLE;
    case 'stop':
      return ENDED;
    case 'fail':
      return s.name === 'idle'
        ? s
        : {
            name: 'failed',
            during: s.name === 'loading' || reported(s) === PLAYER_STATE.NOT_READY ? 'load' : 'playback',
            retry: resumes(s),
          };
    case 'stall':
      return s.name === 'idle' || s.name === 'recovering' ? s : { name: 'recovering', during: s, reload: resumes(s) };
  }
  return s.name === 'recovering' ? recovering(s, e) : settled(s, e);
}

type StateEvent = Exclude<
  LifecycleEvent,
  { type: 'load' | 'select' | 'reload' | 'release' | 'reset' | 'stop' | 'fail' | 'stall' }
>;

/**
 * While a reload waits: progress ends the wait, a pause makes the reload wait, the end leaves it; the rest goes to
 * `during`.
 */
function recovering(s: Recovering, e: StateEvent): Lifecycle {
  if (e.type === 'moved') return s.during;
  if (e.type === 'ended') return ENDED;
  const during = settled(s.during, e);
  if (during.name === 'idle' || during.name === 'recovering') return during;
  const reload = e.type === 'pause' ? 'wait' : s.reload;
  return during === s.during && reload === s.reload ? s : { ...s, during, reload };
}

function settled(s: Lifecycle, e: StateEvent): Lifecycle {
  switch (s.name) {
    case 'idle':
      if (e.type === 'queue') return { ...s, asked: 'play' };
      if (e.type !== 'pause' || !s.asked) return s;
      return { name: 'idle', ...(s.at && { at: s.at }), ...(s.early && { early: true }) };
    case 'loading':
      if (e.type === 'ready') return READY;
      if (e.type === 'queue') return loading(s.start, 'play', s.early);
      return e.type === 'pause' ? loading(s.start, 'pause', s.early) : s;
    case 'ready':
      if (e.type === 'queue') return { name: 'ready', asked: 'play' };
      if (e.type === 'play') return { name: 'starting', from: 'ready' };
      if (e.type === 'pause' || e.type === 'refused') return READY;
      return media(s, e);
    case 'starting':
      if (e.type === 'pause' || e.type === 'refused') return s.from === 'ready' ? READY : PAUSED;
      return media(s, e);
    case 'playing':
      return e.type === 'pause' ? PAUSED : media(s, e);
    case 'paused':
      return e.type === 'play' ? { name: 'starting', from: 'paused' } : media(s, e);
    case 'ended':
      if (e.type === 'seeked') return PAUSED;
      if (e.type === 'play') return { name: 'starting', from: 'paused' };
      return e.type === 'playing' ? PLAYING : s; // an ended item ignores its media's pause
    case 'failed':
      if (e.type === 'queue') return { ...s, asked: 'play' };
      if (e.type === 'pause') return { name: 'failed', during: s.during, retry: 'wait' };
      return media(s, e);
    case 'recovering':
      return recovering(s, e);
  }
}

/** The media's own reports, for the states that have a media. */
function media(s: Lifecycle, e: StateEvent): Lifecycle {
  switch (e.type) {
    case 'playing':
      return s.name === 'playing' ? s : PLAYING;
    case 'paused':
      return s.name === 'paused' ? s : PAUSED;
    case 'ended':
      return ENDED;
    default:
      return s;
  }
}
