import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { CONTROLLER } from '../src/app/embed-options';
import { menuListNodes } from '../src/content/menu-lists';
import { flattenProfile, isMenuCode, isMenuList, isTopLevel } from '../src/content/profile';
import type { ProfileNodeDto } from '../src/content/types';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import {
  $,
  $$,
  answerNext,
  cleanPlayersAndFaults,
  FAULT_PROVIDER_URL,
  json,
  mountPlayer,
  PROVIDER_URL,
  shadow,
  text,
  waitFor,
  waitForPath,
} from './helpers';

const NOT_FOUND = 'This section of the menu could not be found.';

/** The provider's profile of a client, as served. */
const rawProfile = async (client: string) =>
  json<ProfileNodeDto>(await fetch(`${PROVIDER_URL}api/clients/${client}/profile?menuLanguage=en`));

/** What each list holds, read off the raw tree here (not by the code under test): codes in tree order. */
function expectedLists(tree: ProfileNodeDto) {
  const collections: string[] = [];
  const playlists: string[] = [];
  const presentations: string[] = [];
  const files = new Set<string>();
  const walk = (n: ProfileNodeDto) => {
    if (n.layer === 'collection') collections.push(n.code!);
    if (n.layer === 'item') {
      const key = n.file ?? `code:${n.code}`;
      if (files.has(key)) return;
      files.add(key);
      playlists.push(n.code!);
      if (!n.file) presentations.push(n.code!);
    }
    for (const c of n.children ?? []) walk(c);
  };
  walk(tree);
  return { collections, presentations, playlists, libraries: (tree.children ?? []).map((c) => c.code!) };
}

const cardCodes = (el: Element, kind: 'section' | 'item') =>
  $$(el, `[data-screen="navigation"] .${kind}-card`).map((c) => c.dataset.code);

/** The screen of a code, once its cards (or its empty text) show. */
async function screenOf(el: PatientEdPlayerElement, node: string) {
  return waitFor(() => $(el, `[data-screen="navigation"][data-node="${node}"]`), `the ${node} screen`);
}

describe('menu codes: vm, collections, presentations, playlists', () => {
  cleanPlayersAndFaults();

  it('names its lists: which codes open the top level, which a list, which the menu at all', () => {
    for (const code of [undefined, '', 'root', 'vm']) expect(isTopLevel(code), String(code)).to.equal(true);
    for (const code of ['collections', 'presentations', 'playlists']) {
      expect(isMenuList(code), code).to.equal(true);
      expect(isMenuCode(code), code).to.equal(true);
    }
    for (const code of ['Collections', 'C_KNEE', 'A_DEMO_VIDEO', undefined]) expect(isMenuList(code)).to.equal(false);
    expect(isMenuCode('A_ACLTEAR')).to.equal(false);
    expect(isMenuCode('A_ACL_TEAR'), 'contains L_').to.equal(true);
  });

  it('lists collections (not groups nor libraries), presentations (items without a file) and playlists', () => {
    const profile = flattenProfile({
      code: 'top',
      layer: 'root',
      children: [
        {
          code: 'L_ONE',
          layer: 'library',
          children: [
            {
              code: 'C_A',
              layer: 'collection',
              children: [
                { code: 'A_1', layer: 'item', file: 'one' },
                { code: 'A_SLIDES', layer: 'item' },
                { code: 'G_IN', layer: 'group', children: [{ code: 'A_2', layer: 'item', file: 'two' }] },
              ],
            },
            { code: 'C_B', layer: 'collection', children: [{ code: 'A_1', layer: 'item', file: 'one' }] },
          ],
        },
      ],
    });
    const codes = (list: 'collections' | 'presentations' | 'playlists') =>
      menuListNodes(profile, list).map((n) => n.code);
    expect(codes('collections')).to.deep.equal(['C_A', 'C_B']);
    expect(codes('presentations')).to.deep.equal(['A_SLIDES']);
    expect(codes('playlists'), 'each item once, in tree order').to.deep.equal(['A_1', 'A_SLIDES', 'A_2']);
  });

  it("the sample content's playlist codes open the player, not the menu", async () => {
    for (const client of ['demo', 'riverside']) {
      const { playlists } = expectedLists(await rawProfile(client));
      expect(
        playlists.filter((code) => isMenuCode(code)),
        `${client} playlist codes read as menu codes`,
      ).to.deep.equal([]);
    }
    const el = await mountPlayer({ client: 'demo', code: 'A_ACLTEAR' });
    expect(el.currentPath).to.equal('/demo/player/A_ACLTEAR');
  });

  it('each code as the `code` attribute opens its screen, with its heading and its cards', async () => {
    const want = expectedLists(await rawProfile('demo'));
    expect(want.presentations, 'the sample content has a presentation').to.deep.equal(['A_DEMO_SLIDES']);

    const vm = await mountPlayer({ client: 'demo', code: 'vm' });
    expect(vm.currentPath).to.equal('/demo/menu/vm');
    await screenOf(vm, 'root');
    expect(text(vm, 'h2.menu-heading')).to.equal('Browse topics');
    expect(cardCodes(vm, 'section')).to.deep.equal(want.libraries);
    expect($(vm, '[role="alert"]')).to.equal(null);

    const collections = await mountPlayer({ client: 'demo', code: 'collections' });
    expect(collections.currentPath).to.equal('/demo/menu/collections');
    await screenOf(collections, 'collections');
    expect(text(collections, 'h2.menu-heading')).to.equal('Collections');
    expect(cardCodes(collections, 'section')).to.deep.equal(want.collections);
    expect(cardCodes(collections, 'item')).to.deep.equal([]);
    expect(text(collections, '.section-card[data-code="C_KNEE"] .section-label')).to.equal('Knee care');
    expect(text(collections, '.section-card[data-code="C_KNEE"] .section-count')).to.equal('4 videos');
    expect($$(collections, '.breadcrumbs li').map((li) => li.textContent)).to.deep.equal(['All topics', 'Collections']);

    const presentations = await mountPlayer({ client: 'demo', code: 'presentations' });
    await screenOf(presentations, 'presentations');
    expect(text(presentations, 'h2.menu-heading')).to.equal('Presentations');
    expect(cardCodes(presentations, 'item')).to.deep.equal(want.presentations);
    expect(text(presentations, '.item-card[data-code="A_DEMO_SLIDES"] .item-label')).to.equal(
      'Your surgery checklist (slides)',
    );

    const playlists = await mountPlayer({ client: 'demo', code: 'playlists' });
    await screenOf(playlists, 'playlists');
    expect(text(playlists, 'h2.menu-heading')).to.equal('Playlists');
    expect(cardCodes(playlists, 'item')).to.deep.equal(want.playlists);
    // A_KNEE_REPLACEMENT is filed under two collections: listed once.
    expect(cardCodes(playlists, 'item').filter((c) => c === 'A_KNEE_REPLACEMENT')).to.have.length(1);
    for (const el of [vm, collections, presentations, playlists])
      expect(shadow(el).textContent).to.not.include(NOT_FOUND);
  });

  it('each code through navigate() and from a classic ?openthis= link', async () => {
    const want = expectedLists(await rawProfile('demo'));
    const el = await mountPlayer({ client: 'demo' });
    await waitFor(() => $(el, '.section-card'), 'the menu');
    await el.navigate('collections');
    await screenOf(el, 'collections');
    expect(el.currentPath).to.equal('/demo/menu/collections');
    expect(cardCodes(el, 'section')).to.deep.equal(want.collections);
    await el.navigate('presentations');
    await screenOf(el, 'presentations');
    expect(cardCodes(el, 'item')).to.deep.equal(want.presentations);
    await el.navigate('playlists');
    await screenOf(el, 'playlists');
    expect(cardCodes(el, 'item')).to.deep.equal(want.playlists);
    await el.navigate('vm');
    await screenOf(el, 'root');
    expect(el.currentPath).to.equal('/demo/menu/vm');
    expect(cardCodes(el, 'section')).to.deep.equal(want.libraries);

    const original = location.href;
    const shows: Record<string, [string, () => boolean]> = {
      vm: ['root', () => cardCodes(page, 'section').join() === want.libraries.join()],
      collections: ['collections', () => cardCodes(page, 'section').join() === want.collections.join()],
      presentations: ['presentations', () => cardCodes(page, 'item').join() === want.presentations.join()],
      playlists: ['playlists', () => cardCodes(page, 'item').join() === want.playlists.join()],
    };
    let page!: PatientEdPlayerElement;
    try {
      for (const [code, [node, cards]] of Object.entries(shows)) {
        history.replaceState(history.state, '', `${location.pathname}?client=demo&openthis=${code}&lang=es`);
        page = await mountPlayer({});
        expect(page.currentPath).to.equal(`/demo/menu/${code}`);
        await screenOf(page, node);
        expect(cards(), `the cards of ${code}`).to.equal(true);
        expect(page[CONTROLLER].preferences().menuLanguage, 'the query options carried').to.equal('es');
      }
      expect(text(page, 'h2.menu-heading')).to.equal('Listas de reproducción');
    } finally {
      history.replaceState(history.state, '', original);
    }
  });

  it('the top level links to each list; focus goes to the heading, and back to the link and the card', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const active = () => shadow(el).activeElement as HTMLElement | null;
    const press = async (target: Element) => {
      (target as HTMLElement).focus();
      await sendKeys({ press: 'Enter' });
    };
    const links = await waitFor(() => $$(el, '.menu-lists button'), 'the links to the lists');
    expect(links.map((b) => [b.dataset.code, b.textContent])).to.deep.equal([
      ['collections', 'Collections'],
      ['presentations', 'Presentations'],
      ['playlists', 'Playlists'],
    ]);
    expect(text(el, '.menu-lists h2')).to.equal('More ways to browse');
    // The library cards stay first.
    expect(cardCodes(el, 'section')[0]).to.equal('L_ORTHO');

    await press($(el, '.menu-lists [data-code="presentations"]')!);
    await waitForPath(el, '/demo/menu/presentations');
    await waitFor(() => active()?.matches('h2.menu-heading'), 'the list heading focused');
    expect(active()!.textContent).to.equal('Presentations');
    // An item opens in the list; Back to menu returns to the list, on the card one left by.
    await press($(el, '.item-card[data-code="A_DEMO_SLIDES"]')!);
    await waitForPath(el, '/demo/player/presentations/A_DEMO_SLIDES/');
    await press(await waitFor(() => $(el, '[data-action="menu"]'), 'Back to menu', 10000));
    await waitForPath(el, '/demo/menu/presentations');
    await waitFor(() => active()?.matches('.item-card[data-code="A_DEMO_SLIDES"]'), 'the card focused again');
    // Up by the breadcrumb: the top level, on the link one left by.
    await press($(el, '.breadcrumbs button')!);
    await waitForPath(el, '/demo/menu');
    await waitFor(() => active()?.matches('.menu-lists [data-code="presentations"]'), 'the link focused again');

    await press($(el, '.menu-lists [data-code="collections"]')!);
    await screenOf(el, 'collections');
    await press($(el, '.section-card[data-code="C_HEART"]')!);
    await screenOf(el, 'C_HEART');
    expect(cardCodes(el, 'item')).to.include('A_AFIB');
    el[CONTROLLER].navigate('/demo/menu/collections');
    await screenOf(el, 'collections');
    await expect(el).shadowDom.to.be.accessible();
    el[CONTROLLER].navigate('/demo/menu');
    await waitFor(() => $(el, '.menu-lists'), 'the top level');
    await expect(el).shadowDom.to.be.accessible();
  });

  it('a list with nothing in it says so (translated), and the top level does not link to it', async () => {
    const el = await mountPlayer({ client: 'riverside', code: 'presentations' });
    await screenOf(el, 'presentations');
    expect(text(el, 'h2.menu-heading')).to.equal('Presentations');
    expect(text(el, '[data-node="presentations"] > p')).to.equal('There is nothing here yet.');
    expect($$(el, '.item-card, .section-card')).to.have.length(0);
    await expect(el).shadowDom.to.be.accessible();
    el[CONTROLLER].navigate('/riverside/menu');
    await waitFor(() => $(el, '.menu-lists'), 'the top level');
    expect($$(el, '.menu-lists button').map((b) => b.dataset.code)).to.deep.equal(['collections', 'playlists']);

    const es = await mountPlayer({ client: 'riverside', code: 'presentations', language: 'es' });
    await screenOf(es, 'presentations');
    expect(text(es, 'h2.menu-heading')).to.equal('Presentaciones');
    expect(text(es, '[data-node="presentations"] > p')).to.equal('Todavía no hay nada aquí.');
  });

  it('root and vm open the top level whatever its code; a code that names nothing is not found', async () => {
    // A provider whose root is not coded "root" (answered twice: one profile request per player).
    const tree = {
      code: 'top',
      layer: 'root',
      children: [{ code: 'C_ONLY', layer: 'collection', children: [{ code: 'A_ONE', layer: 'item', file: 'x' }] }],
    };
    await answerNext('/api/clients/demo/profile', tree, 2);
    for (const code of ['vm', 'root']) {
      const el = await mountPlayer({ client: 'demo', code, 'provider-url': FAULT_PROVIDER_URL });
      await screenOf(el, 'top');
      expect(cardCodes(el, 'section')).to.deep.equal(['C_ONLY']);
      expect(shadow(el).textContent).to.not.include(NOT_FOUND);
    }

    const el = await mountPlayer({ client: 'demo', code: 'C_NO_SUCH_SECTION' });
    expect(el.currentPath).to.equal('/demo/menu/C_NO_SUCH_SECTION');
    await waitFor(() => text(el, '[data-screen="navigation"] [role="alert"]') === NOT_FOUND, 'the not-found text');
    expect($(el, '[data-screen="navigation"] .button')!.textContent).to.equal('Show all topics');
  });
});
