import { expect } from '@open-wc/testing';
import {
  EARLY_IDLE,
  expectsProgress,
  lifecycle,
  queued,
  reported,
  resumes,
  startPlan,
  type Lifecycle,
  type LifecycleEvent,
  withoutEarly,
} from '../src/playback/lifecycle';

/** The item lifecycle as a pure reducer: every state against every event, the ones a state does not take ignored. */

const idle: Lifecycle = { name: 'idle' };
const idleQueued: Lifecycle = { name: 'idle', asked: 'play', at: { index: 1, time: 4 } };
const loadingAuto: Lifecycle = { name: 'loading', start: 'auto' };
const loadingResume: Lifecycle = { name: 'loading', start: 'resume' };
const ready: Lifecycle = { name: 'ready' };
const readyQueued: Lifecycle = { name: 'ready', asked: 'play' };
const startingFromReady: Lifecycle = { name: 'starting', from: 'ready' };
const startingFromPaused: Lifecycle = { name: 'starting', from: 'paused' };
const playing: Lifecycle = { name: 'playing' };
const paused: Lifecycle = { name: 'paused' };
const ended: Lifecycle = { name: 'ended' };
const recoveringPlaying: Lifecycle = { name: 'recovering', during: playing, reload: 'play' };
const recoveringLoading: Lifecycle = { name: 'recovering', during: loadingResume, reload: 'play' };
const failedLoad: Lifecycle = { name: 'failed', during: 'load', retry: 'wait' };
const failedPlayback: Lifecycle = { name: 'failed', during: 'playback', retry: 'play' };

const STATES = {
  idle,
  idleQueued,
  loadingAuto,
  loadingResume,
  ready,
  readyQueued,
  startingFromReady,
  startingFromPaused,
  playing,
  paused,
  ended,
  recoveringPlaying,
  recoveringLoading,
  failedLoad,
  failedPlayback,
};
type StateName = keyof typeof STATES;

const EVENTS = {
  ready: { type: 'ready' },
  queue: { type: 'queue' },
  play: { type: 'play' },
  refused: { type: 'refused' },
  pause: { type: 'pause' },
  playing: { type: 'playing' },
  paused: { type: 'paused' },
  ended: { type: 'ended' },
  seeked: { type: 'seeked' },
  moved: { type: 'moved' },
  stall: { type: 'stall' },
  fail: { type: 'fail' },
  stop: { type: 'stop' },
  reset: { type: 'reset' },
  release: { type: 'release' },
  load: { type: 'load', start: 'auto' },
  select: { type: 'select', start: 'wait' },
  reload: { type: 'reload' },
} satisfies Record<string, LifecycleEvent>;
type EventName = keyof typeof EVENTS;

/**
 * The transition table: for each state, the events it takes and where they lead; every other event leaves the
 * state as it is (the same object). The events that apply in every state (load, select, reload, release, reset,
 * stop) are checked below it.
 */
const TABLE: Record<StateName, Partial<Record<EventName, Lifecycle>>> = {
  idle: { queue: { name: 'idle', asked: 'play' } },
  idleQueued: { queue: idleQueued, pause: { name: 'idle', at: { index: 1, time: 4 } } },
  loadingAuto: {
    ready,
    queue: { name: 'loading', start: 'auto', asked: 'play' },
    pause: { name: 'loading', start: 'auto', asked: 'pause' },
    stall: { name: 'recovering', during: loadingAuto, reload: 'wait' },
    fail: { name: 'failed', during: 'load', retry: 'wait' },
  },
  loadingResume: {
    ready,
    queue: { name: 'loading', start: 'resume', asked: 'play' },
    pause: { name: 'loading', start: 'resume', asked: 'pause' },
    stall: { name: 'recovering', during: loadingResume, reload: 'play' },
    fail: { name: 'failed', during: 'load', retry: 'play' },
  },
  ready: {
    queue: readyQueued,
    play: startingFromReady,
    pause: ready,
    refused: ready,
    playing,
    paused,
    ended,
    stall: { name: 'recovering', during: ready, reload: 'wait' },
    fail: { name: 'failed', during: 'playback', retry: 'wait' },
  },
  readyQueued: {
    queue: readyQueued,
    play: startingFromReady,
    pause: ready,
    refused: ready,
    playing,
    paused,
    ended,
    stall: { name: 'recovering', during: readyQueued, reload: 'play' },
    fail: { name: 'failed', during: 'playback', retry: 'play' },
  },
  startingFromReady: {
    pause: ready,
    refused: ready,
    playing,
    paused,
    ended,
    stall: { name: 'recovering', during: startingFromReady, reload: 'play' },
    fail: { name: 'failed', during: 'playback', retry: 'play' },
  },
  startingFromPaused: {
    pause: paused,
    refused: paused,
    playing,
    paused,
    ended,
    stall: { name: 'recovering', during: startingFromPaused, reload: 'play' },
    fail: { name: 'failed', during: 'playback', retry: 'play' },
  },
  playing: {
    pause: paused,
    paused,
    ended,
    stall: recoveringPlaying,
    fail: { name: 'failed', during: 'playback', retry: 'play' },
  },
  paused: {
    play: startingFromPaused,
    playing,
    ended,
    stall: { name: 'recovering', during: paused, reload: 'wait' },
    fail: { name: 'failed', during: 'playback', retry: 'wait' },
  },
  ended: {
    seeked: paused,
    play: startingFromPaused,
    playing,
    stall: { name: 'recovering', during: ended, reload: 'wait' },
    fail: { name: 'failed', during: 'playback', retry: 'wait' },
  },
  recoveringPlaying: {
    moved: playing,
    ended,
    pause: { name: 'recovering', during: paused, reload: 'wait' },
    paused: { name: 'recovering', during: paused, reload: 'play' },
    fail: { name: 'failed', during: 'playback', retry: 'play' },
  },
  recoveringLoading: {
    moved: loadingResume,
    ended,
    ready: { name: 'recovering', during: ready, reload: 'play' },
    queue: { name: 'recovering', during: { name: 'loading', start: 'resume', asked: 'play' }, reload: 'play' },
    pause: { name: 'recovering', during: { name: 'loading', start: 'resume', asked: 'pause' }, reload: 'wait' },
    fail: { name: 'failed', during: 'load', retry: 'play' },
  },
  failedLoad: {
    queue: { name: 'failed', during: 'load', retry: 'wait', asked: 'play' },
    pause: failedLoad,
    playing,
    paused,
    ended,
    stall: { name: 'recovering', during: failedLoad, reload: 'wait' },
    fail: failedLoad,
  },
  failedPlayback: {
    queue: { name: 'failed', during: 'playback', retry: 'play', asked: 'play' },
    pause: { name: 'failed', during: 'playback', retry: 'wait' },
    playing,
    paused,
    ended,
    stall: { name: 'recovering', during: failedPlayback, reload: 'play' },
    fail: failedPlayback,
  },
};

/** The events every state takes. */
const EVERYWHERE: EventName[] = ['load', 'select', 'reload', 'release', 'reset', 'stop'];

describe('item lifecycle (pure reducer)', () => {
  for (const [stateName, state] of Object.entries(STATES) as [StateName, Lifecycle][]) {
    it(`${stateName}: each event it takes leads where the table says; the others leave it as it is`, () => {
      for (const [eventName, event] of Object.entries(EVENTS) as [EventName, LifecycleEvent][]) {
        if (EVERYWHERE.includes(eventName)) continue;
        const next = lifecycle(state, event);
        const expected = TABLE[stateName][eventName];
        if (expected) expect(next, `${stateName} + ${eventName}`).to.deep.equal(expected);
        else expect(next, `${stateName} + ${eventName} is ignored`).to.equal(state);
      }
    });
  }

  it('a load starts loading whatever the state; a play asked before the media could play carries over', () => {
    const carried: StateName[] = ['idleQueued', 'readyQueued'];
    for (const [name, state] of Object.entries(STATES) as [StateName, Lifecycle][]) {
      const expected = carried.includes(name)
        ? { name: 'loading', start: 'auto', asked: 'play' }
        : { name: 'loading', start: 'auto' };
      expect(lifecycle(state, EVENTS.load), name).to.deep.equal(expected);
    }
    const queuedWhileLoading = lifecycle(loadingAuto, EVENTS.queue);
    expect(lifecycle(queuedWhileLoading, { type: 'load', start: 'wait' })).to.deep.equal({
      name: 'loading',
      start: 'wait',
      asked: 'play',
    });
    const pausedWhileLoading = lifecycle(loadingAuto, EVENTS.pause);
    expect(lifecycle(pausedWhileLoading, { type: 'load', start: 'wait' }), 'a pause does not carry').to.deep.equal({
      name: 'loading',
      start: 'wait',
    });
  });

  it('an item chosen (select) drops a queued play; stop ends; reset forgets everything', () => {
    for (const [name, state] of Object.entries(STATES) as [StateName, Lifecycle][]) {
      expect(lifecycle(state, EVENTS.select), name).to.deep.equal({ name: 'loading', start: 'wait' });
      expect(lifecycle(state, EVENTS.stop), name).to.deep.equal(ended);
      expect(lifecycle(state, EVENTS.reset), name).to.deep.equal(idle);
    }
  });

  it('release keeps a queued play and where the item stood', () => {
    const at = { index: 2, time: 7.5 };
    expect(lifecycle(playing, { type: 'release', at })).to.deep.equal({ name: 'idle', at });
    expect(lifecycle(readyQueued, { type: 'release' })).to.deep.equal({ name: 'idle', asked: 'play' });
    expect(lifecycle(recoveringLoading, { type: 'release' }), 'a play asked while a reload waits').to.deep.equal({
      name: 'idle',
    });
    expect(lifecycle(lifecycle(recoveringLoading, EVENTS.queue), { type: 'release' })).to.deep.equal({
      name: 'idle',
      asked: 'play',
    });
  });

  it('a reload resumes a recovery or Try again as it was to (playing on or not), with a play asked since', () => {
    expect(lifecycle(recoveringPlaying, EVENTS.reload)).to.deep.equal({ name: 'loading', start: 'resume' });
    expect(
      lifecycle(lifecycle(recoveringPlaying, EVENTS.pause), EVENTS.reload),
      'paused during the backoff',
    ).to.deep.equal({ name: 'loading', start: 'wait' });
    expect(lifecycle(failedPlayback, EVENTS.reload)).to.deep.equal({ name: 'loading', start: 'resume' });
    expect(lifecycle(lifecycle(failedLoad, EVENTS.queue), EVENTS.reload)).to.deep.equal({
      name: 'loading',
      start: 'wait',
      asked: 'play',
    });
    expect(lifecycle(paused, EVENTS.reload), 'outside a failure: the same item, waiting').to.deep.equal({
      name: 'loading',
      start: 'wait',
    });
  });

  it('what a load does once ready: a pause asked meanwhile wins, then a play asked, then its own start', () => {
    expect(startPlan(loadingAuto)).to.equal('auto');
    expect(startPlan(loadingResume)).to.equal('play');
    expect(startPlan({ name: 'loading', start: 'wait', asked: 'play' })).to.equal('play');
    expect(startPlan({ name: 'loading', start: 'play', asked: 'pause' })).to.equal('wait');
    expect(startPlan(ready), 'only a loading item has a plan').to.equal('wait');
  });

  it('the host sees -1, 0, 1, 2 or 9: a recovery as the state it recovers, a failure during the load not ready', () => {
    const seen = Object.fromEntries(Object.entries(STATES).map(([name, state]) => [name, reported(state)]));
    expect(seen).to.deep.equal({
      idle: -1,
      idleQueued: -1,
      loadingAuto: -1,
      loadingResume: -1,
      ready: 0,
      readyQueued: 0,
      startingFromReady: 0,
      startingFromPaused: 2,
      playing: 1,
      paused: 2,
      ended: 9,
      recoveringPlaying: 1,
      recoveringLoading: -1,
      failedLoad: -1,
      failedPlayback: 0,
    });
  });

  it('progress is expected while playing or asked to play (not yet started), also during a recovery', () => {
    const moving = (Object.entries(STATES) as [StateName, Lifecycle][])
      .filter(([, s]) => expectsProgress(s))
      .map(([n]) => n);
    expect(moving).to.deep.equal(['startingFromReady', 'startingFromPaused', 'playing', 'recoveringPlaying']);
  });

  it('queued plays and resumes are the data of their states', () => {
    expect([queued(idleQueued), queued(readyQueued), queued(playing), queued(recoveringLoading)]).to.deep.equal([
      'play',
      'play',
      undefined,
      undefined,
    ]);
    expect([
      resumes(playing),
      resumes(startingFromReady),
      resumes(paused),
      resumes(loadingResume),
      resumes(loadingAuto),
    ]).to.deep.equal(['play', 'play', 'wait', 'play', 'wait']);
    expect(resumes({ name: 'loading', start: 'resume', asked: 'pause' }), 'a pause while it reloads').to.equal('wait');
  });

  it('one viewing, step by step: load, a pause while loading, ready, play, stall, progress, end', () => {
    const path: string[] = [];
    let s: Lifecycle = idle;
    const steps: LifecycleEvent[] = [
      { type: 'queue' },
      { type: 'load', start: 'auto' },
      { type: 'pause' },
      { type: 'ready' },
      { type: 'play' },
      { type: 'playing' },
      { type: 'stall' },
      { type: 'moved' },
      { type: 'ended' },
    ];
    for (const e of steps) {
      s = lifecycle(s, e);
      path.push(`${s.name}:${reported(s)}`);
    }
    expect(path).to.deep.equal([
      'idle:-1',
      'loading:-1',
      'loading:-1',
      'ready:0',
      'starting:0',
      'playing:1',
      'recovering:1',
      'playing:1',
      'ended:9',
    ]);
  });
});

describe('item lifecycle: an engine made after the player reported its first video ready (EARLY_IDLE)', () => {
  it('shows 0 while it loads that video, a play or pause asked meanwhile kept; the media then decides', () => {
    expect(reported(EARLY_IDLE)).to.equal(0);
    const queuedEarly = lifecycle(EARLY_IDLE, EVENTS.queue);
    expect(queuedEarly).to.deep.equal({ name: 'idle', asked: 'play', early: true });
    expect(lifecycle(queuedEarly, EVENTS.pause), 'a pause drops the play, not the report').to.deep.equal(EARLY_IDLE);
    const loading = lifecycle(queuedEarly, { type: 'load', start: 'wait' });
    expect(loading).to.deep.equal({ name: 'loading', start: 'wait', asked: 'play', early: true });
    expect(reported(loading)).to.equal(0);
    expect(lifecycle(loading, EVENTS.pause), 'asked to pause').to.deep.equal({
      name: 'loading',
      start: 'wait',
      asked: 'pause',
      early: true,
    });
    // The same item loaded again meanwhile (its variant with audio descriptions): still the video reported.
    expect(reported(lifecycle(loading, { type: 'load', start: 'wait' }))).to.equal(0);
    // Another playlist's key (a language changed before the engine ran): that load is not the video reported.
    expect(withoutEarly(queuedEarly)).to.deep.equal({ name: 'idle', asked: 'play' });
    expect(withoutEarly(loading)).to.deep.equal({ name: 'loading', start: 'wait', asked: 'play' });
    expect(reported(lifecycle(withoutEarly(EARLY_IDLE), { type: 'load', start: 'wait' }))).to.equal(-1);
    expect(withoutEarly(ready), 'other states as they are').to.equal(ready);
    expect(lifecycle(loading, EVENTS.ready)).to.deep.equal(ready);
    expect(startPlan(loading), 'the play asked is kept').to.equal('play');
  });

  it('a failure while it loads is a load failure (-1); another item, a release or a reset report as ever', () => {
    const loading = lifecycle(EARLY_IDLE, { type: 'load', start: 'auto' });
    const failed = lifecycle(loading, EVENTS.fail);
    expect(failed).to.deep.equal({ name: 'failed', during: 'load', retry: 'wait' });
    expect(reported(failed)).to.equal(-1);
    for (const event of [EVENTS.select, EVENTS.release, EVENTS.reset])
      expect(reported(lifecycle(loading, event)), event.type).to.equal(-1);
    expect(reported(lifecycle(lifecycle(loading, EVENTS.ready), EVENTS.play))).to.equal(0);
  });
});
