import { sendKeys } from '@web/test-runner-commands';
import { MODAL_LAYER } from '../src/app/chunks';
import { CONTROLLER } from '../src/app/embed-options';
import { $, cleanPlayersAndFaults, findControl, mountPlayer, shadow, waitFor, waitForPath } from './helpers';

// The first dialog of a page is the one whose modal layer is still loading when the stage behind turns inert (later
// dialogs find the layer loaded). Its chunk is held here, as a slow network would (each test file has its own page
// and modules), until the stage is inert.
const realLoad = MODAL_LAYER.load.bind(MODAL_LAYER);
const realCurrent = Object.getOwnPropertyDescriptor(MODAL_LAYER, 'current')!.get!.bind(
  MODAL_LAYER,
) as () => typeof MODAL_LAYER.current;
let held: Promise<void> | undefined;
Object.defineProperty(MODAL_LAYER, 'current', { get: () => (held ? undefined : realCurrent()) });
MODAL_LAYER.load = async () => {
  await held;
  return realLoad();
};
describe('the first dialog of the page returns the focus to its opener', () => {
  cleanPlayersAndFaults();

  it('Settings from the control bar, opened by keyboard and closed by Escape: the focus back on Settings', async () => {
    const el = await mountPlayer({ client: 'demo', code: 'A_DEMO_VIDEO' });
    el.style.width = '1000px';
    await waitFor(() => el[CONTROLLER].state.playback.ready, 'item ready');
    const settings = await findControl(el, 'settings');
    settings.focus();
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $(el, '.screen-host')?.inert, 'the stage inert, the modal layer still loading');
    held = undefined;
    release();
    const dialog = await waitFor(() => $(el, '.modal[role="dialog"]'), 'the dialog');
    // Escape where a visitor presses it: in the dialog, once it has the focus (pressed before that, under a full run's
    // load in WebKit, the key reached the page's body, outside the player).
    await waitFor(() => dialog.contains(shadow(el).activeElement), 'the focus in the dialog');
    await sendKeys({ press: 'Escape' });
    await waitForPath(el, '/demo/player/A_DEMO_VIDEO');
    await waitFor(
      () => shadow(el).activeElement === settings,
      `focus on Settings (now ${shadow(el).activeElement?.outerHTML.slice(0, 60)})`,
      2000,
    );
    el.style.width = '';
  });
});
