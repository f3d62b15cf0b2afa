/**
 * A host page's TypeScript without React: it imports the package by its name and gets the element, its methods and
 * its events typed. scripts/check-package.mjs compiles this file against the installed tarball with no
 * `@types/react` present (the declarations must not need it); test/types/consumer/tsconfig.json against dist/types.
 * Each `@ts-expect-error` line must fail to compile.
 */
import 'patient-ed-player';
import {
  CommandError,
  PatientEdPlayerElement,
  TAG_NAME,
  definePlayer,
  type CommandArgs,
  type HostCommandName,
  type ItemInfo,
  type PlayerErrorCode,
  type PlayerEventMap,
  type PlayerEventName,
  type Preferences,
} from 'patient-ed-player';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type IsAny<T> = 0 extends 1 & T ? true : false;
const assert = <T extends true>(value?: T) => value;

// Defining again is harmless; a custom registry may be passed.
definePlayer();
definePlayer(customElements);

// The element from the DOM is typed by its tag name; its class is exported.
const created = document.createElement(TAG_NAME);
const found = document.querySelector('patient-ed-player');
assert<Equal<typeof created, PatientEdPlayerElement>>();
assert<Equal<typeof found, PatientEdPlayerElement | null>>();
assert<Equal<typeof TAG_NAME, 'patient-ed-player'>>();
assert<Equal<typeof PatientEdPlayerElement.version, string>>();
const isPlayer: boolean = created instanceof PatientEdPlayerElement && created instanceof HTMLElement;

// Attributes and their properties are strings.
created.setAttribute('provider-url', 'https://provider.example/');
created.client = 'demo';
created.fontSize = '125';
created.providerUrl = undefined;
// @ts-expect-error properties are strings, as the attributes
created.fontSize = 125;

// The events map: each event's detail, also through addEventListener.
const names: PlayerEventName[] = [
  'ready',
  'statechange',
  'volumechange',
  'analytics',
  'playlistend',
  'navigate',
  'screenshot',
  'error',
  'result',
];
const onError = (e: CustomEvent<PlayerEventMap['error']>) => {
  const code: PlayerErrorCode = e.detail.code;
  return [code, e.detail.message.length, e.detail.retryable === true];
};
created.addEventListener('error', onError);
created.removeEventListener('error', onError);
created.addEventListener('statechange', (e) => {
  const state: -1 | 0 | 1 | 2 | 9 = e.detail.state;
  return [state, e.detail.currentTime];
});
created.addEventListener('volumechange', (e) => e.detail.volume.toFixed(2));
created.addEventListener('click', (e) => e.type); // other events keep the DOM's types
assert<Equal<IsAny<PlayerEventMap['ready']>, false>>();
assert<Equal<PlayerEventMap['ready'], { route: string; screen: string }>>();
// @ts-expect-error volumechange's detail has no `state`
created.addEventListener('volumechange', (e) => e.detail.state);
// @ts-expect-error not an event of the player
const notAnEvent: PlayerEventName = 'timeupdate';

// Methods: getters answer at once, actions with a Promise; a failed action rejects with a CommandError.
export async function drive(player: PatientEdPlayerElement): Promise<string> {
  const item: ItemInfo | null = player.getCurrentItem();
  const volume: number = player.getVolume();
  const played: boolean = await player.playVideo();
  try {
    await player.seekTo(30);
  } catch (error) {
    if (error instanceof CommandError) return error.code;
  }
  const args: CommandArgs['seekTo'] = [12];
  await player.seekTo(...args);
  // @ts-expect-error seconds must be a number
  await player.seekTo('12');
  // @ts-expect-error a getter's answer is not a Promise
  await player.getVolume().then(() => 0);
  return `${item?.code}${volume}${played}`;
}

const command: HostCommandName = 'pauseVideo';
const prefs: Partial<Preferences> = { fontSize: 125 };
export { command, isPlayer, names, notAnEvent, prefs };
