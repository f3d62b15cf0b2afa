/**
 * Type tests (never run): checked by `npm run typecheck` (`tsc --noEmit`, which includes test/). Each
 * `@ts-expect-error` line must fail to compile; if the typings loosen, the directive itself becomes the error.
 * These check the source's types; test/types/consumer checks the built declarations as a host sees them.
 */
import { createRef, useEffect, useRef, type Ref } from 'react';
import type {
  CommandArgs,
  CommandResults,
  HostCommandName,
  ItemInfo,
  PatientEdPlayerElement,
  PatientEdPlayerJsxProps,
  PlayerEventMap,
  PlayerEventName,
  PlayerMethods,
  PlayerJsxAttributes,
  PlaylistInfo,
  Preferences,
} from '../../src/index';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assert = <T extends true>(value?: T) => value;

// JSX: attributes (kebab-case, strings), ref, className, id and typed `on<event>` listeners.
export function Player() {
  const ref = useRef<PatientEdPlayerElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onState = (e: CustomEvent<PlayerEventMap['statechange']>) =>
      console.log(e.detail.state, e.detail.currentTime);
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, []);
  return (
    <patient-ed-player
      ref={ref}
      id="player"
      className="player"
      client="demo"
      code="A_DEMO_VIDEO"
      language="es"
      lang="es"
      provider-url="https://provider.example/"
      youtube-api-url="https://cdn.example/yt.js"
      context-menu="off"
      allowed-origins="https://clinic.example"
      captions="off"
      font-size="125"
      cc-font-family="Arial"
      increase-contrast="1"
      ignoreaudio="1"
      dynamic_sharing="1"
      onready={(e) => assert<Equal<typeof e.detail, { route: string; screen: string }>>()}
      onvolumechange={(e) => e.detail.volume.toFixed(2)}
      onplaylistend={(e) => e.detail.code.toUpperCase()}
    />
  );
}

export const wrongJsx = [
  // @ts-expect-error attributes are strings
  <patient-ed-player client="demo" font-size={125} />,
  // @ts-expect-error unknown attribute
  <patient-ed-player client="demo" provider="x" />,
  // @ts-expect-error camelCase is the property name, not the attribute
  <patient-ed-player client="demo" providerUrl="x" />,
  // @ts-expect-error the ref must be able to hold the player element
  <patient-ed-player ref={useRef<HTMLVideoElement>(null)} />,
  // @ts-expect-error no inline styles (CSP): style is not a prop
  <patient-ed-player style={{ color: 'red' }} />,
  // @ts-expect-error the detail of `navigate` has no `state`
  <patient-ed-player onnavigate={(e) => e.detail.state} />,
  // @ts-expect-error a misspelled attribute (no hyphen in the name: JSX checks it)
  <patient-ed-player clinet="demo" />,
];

// Refs: React's ref object, a callback ref (with its cleanup), a forwarded `Ref`, `createRef`.
export function Refs({ forwarded }: { forwarded: Ref<PatientEdPlayerElement> }) {
  return [
    <patient-ed-player ref={forwarded} />,
    <patient-ed-player ref={createRef<PatientEdPlayerElement>()} />,
    <patient-ed-player ref={(el) => (el ? () => void el.pauseVideo() : undefined)} />,
    <patient-ed-player ref={(el: HTMLElement | null) => el?.focus()} />,
    // @ts-expect-error a callback ref of another element
    <patient-ed-player ref={(el: HTMLVideoElement | null) => el?.play()} />,
  ];
}

// A misspelled name with a hyphen is not an error in JSX: TypeScript does not check hyphenated JSX attribute names
// against the element's type (its rule for data-* and aria-*; no index signature changes it), so
// `<patient-ed-player provider-ulr="x" />` compiles. An object literal checked with `satisfies` is checked name by
// name: docs/api.md shows it spread onto the element.
const url = 'https://provider.example/';
export const checkedSpread = [
  <patient-ed-player
    {...({ client: 'demo', 'provider-url': url, 'font-size': '125' } satisfies PlayerJsxAttributes)}
  />,
  <patient-ed-player
    {...({ 'provider-url': url, onready: (e) => e.detail.route.length } satisfies PatientEdPlayerJsxProps)}
  />,
  // @ts-expect-error a misspelled hyphenated attribute, caught by `satisfies`
  <patient-ed-player {...({ client: 'demo', 'provider-ulr': url } satisfies PlayerJsxAttributes)} />,
  // @ts-expect-error a misspelled hyphenated attribute, caught by `satisfies`
  <patient-ed-player {...({ 'allowed-origin': url } satisfies PatientEdPlayerJsxProps)} />,
  // @ts-expect-error attributes are strings in the object too
  <patient-ed-player {...({ 'font-size': 125 } satisfies PlayerJsxAttributes)} />,
];

// Methods: getters answer synchronously, actions with a Promise.
export async function methods(el: PatientEdPlayerElement) {
  assert<Equal<ReturnType<typeof el.getPlayerState>, -1 | 0 | 1 | 2 | 9>>();
  assert<Equal<ReturnType<typeof el.getVolume>, number>>();
  assert<Equal<ReturnType<typeof el.getCurrentItem>, ItemInfo | null>>();
  assert<Equal<ReturnType<typeof el.getCurrentPlaylist>, PlaylistInfo | null>>();
  assert<Equal<ReturnType<typeof el.getCurrentPlaylistItems>, ItemInfo[]>>();
  assert<Equal<ReturnType<typeof el.seekTo>, Promise<boolean>>>();
  assert<Equal<Awaited<ReturnType<typeof el.addFavorite>>, { code: string; label: string | null } | null>>();
  assert<Equal<Parameters<typeof el.screenshot>, [data?: string]>>();
  assert<Equal<keyof PlayerMethods, HostCommandName>>();
  assert<Equal<keyof CommandArgs, HostCommandName>>();
  assert<Equal<keyof CommandResults, HostCommandName>>();

  const ok: boolean[] = [
    await el.playVideo(),
    await el.pauseVideo(),
    await el.seekTo(12),
    await el.setVolume(0.5),
    await el.setLanguage('es'),
    await el.navigate('root'),
    await el.seekToIndex(2),
    await el.screenshot(),
  ];
  const time: number = el.getCurrentTime() + el.getDuration();
  const language: string = el.getLanguage();

  // @ts-expect-error seconds must be a number
  await el.seekTo('12');
  // @ts-expect-error setVolume needs a volume
  await el.setVolume();
  // @ts-expect-error getters take no arguments
  el.getVolume(1);
  // @ts-expect-error navigate takes one code
  await el.navigate('root', 'extra');
  // @ts-expect-error a getter's answer is not a Promise
  await el.getVolume().then(() => 0);
  // @ts-expect-error UI-only commands are not host methods
  el.togglePlay();
  return { ok, time, language };
}

// Typed addEventListener: the detail type follows the event name.
export function events(el: PatientEdPlayerElement) {
  el.addEventListener('statechange', (e) => {
    const state: -1 | 0 | 1 | 2 | 9 = e.detail.state;
    const duration: number | undefined = e.detail.duration;
    return [state, duration];
  });
  el.addEventListener('volumechange', (e) => e.detail.muted === true);
  el.addEventListener('navigate', (e) => e.detail.code?.length);
  el.addEventListener('analytics', (e) => e.detail.type + 1 + e.detail.label.length);
  el.addEventListener('screenshot', (e) => e.detail.data.startsWith('data:'));
  el.addEventListener('result', (e) => ('error' in e.detail ? e.detail.error.code : e.detail.result));
  // Other event names still work, untyped.
  el.addEventListener('click', (e) => e.type);
  // @ts-expect-error volumechange detail has no `state`
  el.addEventListener('volumechange', (e) => e.detail.state);
  // @ts-expect-error ready detail's route is a string
  el.addEventListener('ready', (e: CustomEvent<{ route: number }>) => e.detail.route);

  const names: PlayerEventName[] = [
    'ready',
    'statechange',
    'volumechange',
    'analytics',
    'playlistend',
    'navigate',
    'screenshot',
    'result',
  ];
  // @ts-expect-error not an event of the player
  const wrong: PlayerEventName = 'timeupdate';
  return [names, wrong];
}

// The element from the DOM is typed by its tag name.
export function query(prefs: Preferences) {
  const el = document.querySelector('patient-ed-player');
  const state = el?.getPlayerState();
  const created = document.createElement('patient-ed-player');
  created.setAttribute('font-size', String(prefs.fontSize));
  return [state, created.currentPath];
}

// Every attribute's camelCase property is typed (docs/api.md: "Each attribute above has a property").
export function properties(el: PatientEdPlayerElement) {
  el.fontSize = '125';
  el.apiUrl = 'https://api.example/';
  el.autoplay = '1';
  el.captions = 'off';
  el.menuLanguage = 'es';
  el.providerUrl = undefined;
  const code: string | undefined = el.code;
  // @ts-expect-error properties are strings, as the attributes
  el.fontSize = 125;
  // @ts-expect-error not an attribute of the player
  el.fontSizes = '1';
  return code;
}
