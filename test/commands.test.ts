import { expect } from '@open-wc/testing';
import type { CommandContext, PlaybackCommands } from '../src/commands/context';
import { executeCommand } from '../src/commands/execute';
import { COMMAND_NAMES, COMMANDS, CommandError, HOST_COMMANDS } from '../src/commands/table';
import { DEFAULT_PREFERENCES, type Preferences } from '../src/preferences/defaults';
import { createPlayerStore } from '../src/state/player-store';

/** A CommandContext with no element, no React and no media: handlers are plain functions of it. */
function fakeContext() {
  const calls: [string, ...unknown[]][] = [];
  const record =
    (name: string, answer: unknown = true) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return answer;
    };
  const engine = {
    play: record('play', Promise.resolve(true)),
    pause: record('pause'),
    toggle: record('toggle'),
    next: record('next'),
    prev: record('prev'),
    stop: record('stop'),
    seek: record('seek'),
    seekBy: record('seekBy'),
    seekToChapter: record('seekToChapter'),
    setIndex: record('setIndex'),
    setVolume: record('setVolume'),
    changeVolume: record('changeVolume'),
    toggleMute: record('toggleMute'),
    currentItem: undefined,
    canvasable: false,
    captureFrame: record('captureFrame', undefined),
    screenshotTurn: () => true,
    notify: record('notify', undefined),
    retry: record('retry media'),
    brochureOpened: record('brochureOpened', undefined),
  } as unknown as PlaybackCommands;
  const prefs: Preferences = { ...DEFAULT_PREFERENCES };
  const navigations: string[] = [];
  const ctx: CommandContext = {
    host: document.createElement('div'),
    state: createPlayerStore(),
    path: '/demo/player/A_DEMO_VIDEO',
    playback: () => Promise.resolve(engine),
    loadedPlayback: () => engine,
    preferences: () => prefs,
    navigate: (path) => navigations.push(path),
    setLanguage: record('setLanguage', undefined),
    setLocalPreference: record('setLocalPreference') as CommandContext['setLocalPreference'],
    setFavorite: record('setFavorite') as CommandContext['setFavorite'],
    retry: record('retry', undefined),
  };
  return { ctx, calls, navigations };
}

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as CommandError).code;
  }
  return 'no error';
};

describe('command handlers against a fake context (no element)', () => {
  it('every declared name has a handler, and host exposure comes from the map', () => {
    expect(Object.keys(COMMANDS).sort()).to.deep.equal([...COMMAND_NAMES].sort());
    expect(HOST_COMMANDS).to.have.length(28); // with getPlaybackRate, setPlaybackRate, togglePictureInPicture
    expect(HOST_COMMANDS).to.not.include('togglePlay');
  });

  it('validates arguments before a handler runs: a bad one changes nothing', async () => {
    const { ctx, calls } = fakeContext();
    expect(code(() => executeCommand(ctx, 'setVolume', ['loud']))).to.equal('invalid_argument');
    expect(code(() => executeCommand(ctx, 'setVolume', [0.5, 1]))).to.equal('invalid_argument');
    expect(code(() => executeCommand(ctx, 'seekTo', [-1]))).to.equal('invalid_argument');
    expect(code(() => executeCommand(ctx, 'nope', []))).to.equal('unknown_command');
    expect(calls).to.deep.equal([]);
    await executeCommand(ctx, 'setVolume', [3]);
    await executeCommand(ctx, 'seekToIndex', [2]);
    expect(calls).to.deep.equal([
      ['setVolume', 1],
      ['setIndex', 2, true],
    ]);
  });

  it('getters answer from the state; navigate needs a client and maps codes to routes', () => {
    const { ctx, navigations } = fakeContext();
    expect(executeCommand(ctx, 'getPlayerState')).to.equal(-1);
    expect(executeCommand(ctx, 'getCurrentPlaylistItems')).to.deep.equal([]);
    expect(executeCommand(ctx, 'getLanguage')).to.equal('en');
    ctx.state.playback.muted = true;
    expect(executeCommand(ctx, 'getVolume')).to.equal(0);
    expect(code(() => executeCommand(ctx, 'navigate', ['A_X']))).to.equal('not_ready');
    ctx.state.loadedClient = 'demo';
    executeCommand(ctx, 'navigate', ['A_X']);
    executeCommand(ctx, 'navigate', ['T_KNEE']);
    executeCommand(ctx, 'navigate', ['/']);
    expect(navigations).to.deep.equal(['/demo/player/A_X', '/demo/menu/T_KNEE', '/demo/menu']);
  });

  it('a screenshot that is not possible notifies and answers false; a flood of them makes one notice', async () => {
    const { ctx, calls } = fakeContext();
    expect(await executeCommand(ctx, 'screenshot')).to.equal(false);
    expect(calls).to.deep.equal([['notify', 'info', 'screenshotDisabled']]);
    const engine = await ctx.playback();
    let turns = 0;
    (engine as { screenshotTurn(): boolean }).screenshotTurn = () => turns++ === 0; // one turn per second: the first
    calls.length = 0;
    for (let i = 0; i < 10; i++) expect(await executeCommand(ctx, 'screenshot')).to.equal(false);
    expect(calls).to.deep.equal([['notify', 'info', 'screenshotDisabled']]);
  });

  it('a host command sent before the engine is loaded waits for it instead of failing', async () => {
    const { ctx, calls } = fakeContext();
    let loaded = false;
    const engine = await ctx.playback();
    ctx.loadedPlayback = () => (loaded ? engine : undefined);
    // The engine's chunk arrives when the test says so.
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    ctx.playback = async () => {
      await arrived;
      loaded = true;
      return engine;
    };
    const answer = executeCommand(ctx, 'setVolume', [0.4]);
    expect(answer).to.be.instanceOf(Promise);
    await Promise.resolve();
    expect(calls, 'nothing runs before the engine is there').to.deep.equal([]);
    arrive();
    expect(await answer).to.equal(true);
    expect(calls).to.deep.equal([['setVolume', 0.4]]);
    // Once loaded, the same command runs at once (the UI and the keyboard stay synchronous).
    expect(executeCommand(ctx, 'setVolume', [0.6])).to.equal(true);
  });

  it('toggleCaptions flips the subtitles preference through the context', () => {
    const { ctx, calls } = fakeContext();
    executeCommand(ctx, 'toggleCaptions');
    expect(calls).to.deep.equal([['setLocalPreference', 'subtitles', 0]]);
  });

  it("the interface's own actions are internal commands: hosts cannot send them", () => {
    const { ctx, calls } = fakeContext();
    const internal = ['toggleAudioDescriptions', 'removeFavorite', 'retryMedia', 'retryLoad', 'brochureOpened'];
    for (const name of internal) expect(HOST_COMMANDS, name).to.not.include(name);
    executeCommand(ctx, 'toggleAudioDescriptions');
    expect(executeCommand(ctx, 'removeFavorite'), 'no playlist').to.equal(false);
    ctx.state.playback.playlist = { code: 'A_X' } as typeof ctx.state.playback.playlist;
    executeCommand(ctx, 'removeFavorite');
    executeCommand(ctx, 'retryMedia');
    executeCommand(ctx, 'retryLoad', ['profile']);
    executeCommand(ctx, 'retryLoad');
    expect(code(() => executeCommand(ctx, 'retryLoad', ['everything']))).to.equal('invalid_argument');
    executeCommand(ctx, 'brochureOpened', ['https://delivery.example/b.pdf']);
    expect(calls).to.deep.equal([
      ['setLocalPreference', 'audioDescriptions', 1],
      ['setFavorite', { code: 'A_X', label: null }, false],
      ['retry media'],
      ['retry', 'profile'],
      ['retry', undefined],
      ['brochureOpened', 'https://delivery.example/b.pdf'],
    ]);
  });
});
