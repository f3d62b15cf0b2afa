import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import type { PatientEdPlayerElement } from '../src/element/player-element';
import { MAX_RULE_CONTEXTS } from '../src/search/fields.js';
import { MENU_SELECT_LIMIT } from '../src/search/search-filters';
import { profileRecords, SearchIndex } from '../src/search/engine.js';
import { flattenProfile } from '../src/content/profile';
import { $, $$, cleanPlayersAndFaults, mountPlayer, PROVIDER_URL, text, waitFor, waitForPath } from './helpers';

const hitIds = (el: Element) => $$(el, '.search-results [data-hit]').map((b) => b.dataset.hit);
const stats = (el: Element) => text(el, '[data-search-stats]');
/** The result count of the stats line: its first number (Arabic-Indic digits in Arabic). */
const count = (el: Element) =>
  Number(
    /[\d\u0660-\u0669,٬]+/
      .exec(stats(el))?.[0]
      .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
      .replace(/\D/g, '') ?? NaN,
  );
const settled = (el: Element, q = '') =>
  waitFor(
    () => $(el, '.search[data-status="idle"]')?.getAttribute('data-query') === q && stats(el) !== '',
    `results for "${q}"`,
  );
const taxonomy = (el: PatientEdPlayerElement) => new URLSearchParams(el[CONTROLLER].search).get('taxonomy');
const toggle = (el: Element) => $<HTMLInputElement>(el, '.search-toggle input[type="checkbox"]');
const menuSelect = (el: Element) => $<HTMLSelectElement>(el, '.search-menu-select select');
const choose = (select: HTMLSelectElement, value: string) => {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
};

/** Every request the dialog's search client is asked (both backends go through it). */
function spyRequests(el: PatientEdPlayerElement) {
  const client = el[CONTROLLER].searchSession!.client as unknown as { search: (r: unknown) => Promise<unknown> };
  const search = client.search;
  const seen: { indexName: string; params?: Record<string, unknown> }[][] = [];
  client.search = (requests: unknown) => {
    seen.push(requests as (typeof seen)[number]);
    return search(requests);
  };
  return seen;
}

const BACKENDS = {
  'the embedded index': {},
  'the hosted provider': {
    'search-app-id': 'TESTAPP',
    'search-api-key': 'search-only-key',
    'search-index': 'demo',
    'search-host': PROVIDER_URL,
  },
};

for (const [name, backend] of Object.entries(BACKENDS)) {
  describe(`search widgets: ${name}`, () => {
    cleanPlayersAndFaults();

    it('the toggle "only items titled in my language" is on by default; off widens the results', async () => {
      // A_DEMO_SLIDES has no Arabic title: an Arabic visitor sees it only with the toggle off.
      const el = await mountPlayer({ client: 'demo', language: 'ar', ...backend });
      el[CONTROLLER].navigate('/demo/menu/search');
      await settled(el);
      const box = await waitFor(() => toggle(el), 'the toggle');
      expect(box.checked).to.equal(true);
      expect(box.closest('label')!.textContent).to.equal('العناصر المعنونة باللغة العربية فقط');
      const titled = count(el);
      expect(titled).to.be.greaterThan(20);
      const seen = spyRequests(el);
      box.click();
      await waitFor(() => count(el) === titled + 1 && !toggle(el)!.checked, 'every item with the toggle off');
      expect(seen.flat().some((r) => JSON.stringify(r.params?.facetFilters ?? []).includes('translated.ar'))).to.equal(
        false,
      );
      await waitFor(() => taxonomy(el) === 'titles:all', 'the toggle off in the route', 2000);
      toggle(el)!.click();
      await waitFor(() => count(el) === titled && toggle(el)!.checked, 'on again');
      expect(JSON.stringify(seen.at(-1)![0].params?.facetFilters)).to.include('translated.ar:true');
      // Another menu language: the toggle stays on, for that language's titles.
      el[CONTROLLER].setLanguage('de');
      await waitFor(
        () =>
          toggle(el)?.closest('label')?.textContent === 'Nur Einträge mit Titel auf Deutsch' &&
          count(el) === titled + 1,
        'the toggle in German',
      );
      await waitFor(
        () => JSON.stringify(seen.at(-1)![0].params?.facetFilters ?? []).includes('translated.de:true'),
        'filtered on German titles',
      );
      expect(toggle(el)!.checked).to.equal(true);
    });

    it('a menu select of ten collections at most; choosing one filters; its rule offers the collection', async () => {
      const el = await mountPlayer({ client: 'demo', ...backend });
      el[CONTROLLER].navigate('/demo/menu/search');
      await settled(el);
      const select = await waitFor(() => menuSelect(el), 'the menu select');
      expect(el[CONTROLLER].searchSession!.config.backend).to.equal('search-host' in backend ? 'algolia' : 'embedded');
      // Labelled, a native select; the demo has 13 collections: "All collections" and the ten with most results.
      expect(labelOf(el, select)).to.equal('Collection');
      await waitFor(() => select.options.length > 1, 'collections');
      expect(select.options.length).to.equal(MENU_SELECT_LIMIT + 1);
      expect(select.options[0].textContent).to.equal('All collections');
      expect(select.value).to.equal('');
      expect(select.options[1].textContent).to.match(/^Featured programs \(\d+\)$/);
      const all = count(el);
      expect($(el, '[data-search-rules]')).to.equal(null);
      const seen = spyRequests(el);
      choose(select, 'C_KNEE');
      await waitFor(() => count(el) < all && hitIds(el).includes('A_KNEE_ARTHRITIS'), 'the knee collection only');
      expect(menuSelect(el)!.value).to.equal('C_KNEE');
      expect(hitIds(el).every((id) => /^A_(KNEE|ACL|MENISCUS)/.test(id!))).to.equal(true);
      expect(seen.flat()[0].params?.ruleContexts).to.deep.equal(['ais-collection-C_KNEE']);
      await waitFor(() => /(^|,)collection:C_KNEE(,|$)/.test(taxonomy(el) ?? ''), 'the collection in the route', 2000);
      // The index's rule for the context: the whole collection, opened in the menu.
      const banner = await waitFor(() => $<HTMLButtonElement>(el, '[data-rule-collection="C_KNEE"]'), 'the banner');
      expect(banner.textContent).to.equal('Open the whole collection “Knee care”');
      choose(menuSelect(el)!, '');
      await waitFor(() => count(el) === all && !$(el, '[data-search-rules]'), 'every collection again');
      choose(menuSelect(el)!, 'C_KNEE');
      (await waitFor(() => $<HTMLButtonElement>(el, '[data-rule-collection="C_KNEE"]'), 'the banner again')).click();
      await waitForPath(el, '/demo/menu/C_KNEE');
    });

    it('twelve refined values make ten rule contexts (the eleventh and twelfth are dropped); axe-clean', async () => {
      const el = await mountPlayer({ client: 'demo', ...backend });
      const topics = [
        'L_ORTHO',
        'L_FAMILY',
        'C_FEATURED',
        'L_SURGERY',
        'C_KNEE',
        'C_PHYSIO',
        'C_SHOULDER_HIP',
        'C_BACK_HAND_FOOT',
        'C_DIABETES',
        'C_HEART',
        'C_RECOVERY',
      ];
      el[CONTROLLER].navigate(`/demo/menu/search?taxonomy=${topics.map((t) => `topics:${t}`).join(',')}`);
      await settled(el);
      (await waitFor(() => $<HTMLButtonElement>(el, '[data-facet="topics"] .link-button'), 'Show more')).click();
      await waitFor(() => $$(el, '[data-facet="topics"] input:checked').length === 11, 'eleven topics');
      const seen = spyRequests(el);
      // A twelfth value, chosen by the visitor.
      $<HTMLInputElement>(el, '[data-facet="kind"] input[value="video"]')!.click();
      await waitFor(() => seen.length > 0 && $(el, '.search[data-status="idle"]'), 'the search with twelve values');
      const contexts = seen[0][0].params?.ruleContexts as string[];
      expect(contexts.length).to.equal(MAX_RULE_CONTEXTS);
      expect(contexts).to.deep.equal(topics.slice(0, MAX_RULE_CONTEXTS).map((t) => `ais-topics-${t}`));
      // Rules answered for the contexts sent: C_FEATURED and C_KNEE are collections (C_RECOVERY, the eleventh, is not
      // sent).
      await waitFor(() => $(el, '[data-rule-collection="C_KNEE"]'), 'banners');
      expect($$(el, '[data-rule-collection]').map((b) => b.dataset.ruleCollection)).to.deep.equal([
        'C_FEATURED',
        'C_KNEE',
        'C_PHYSIO',
        'C_BACK_HAND_FOOT',
        'C_DIABETES',
        'C_HEART',
      ]);
      await expect(el).shadowDom.to.be.accessible();
    });
  });
}

/** The label text of a control (its <label for>). */
function labelOf(el: Element, control: HTMLElement) {
  return text(el, `label[for="${CSS.escape(control.id)}"]`);
}

describe('search widgets: the engine (pure)', () => {
  const TREE = {
    code: 'root',
    layer: 'root',
    children: [
      {
        code: 'C_A',
        layer: 'collection',
        labels: { en: 'A' },
        children: [
          { code: 'A_1', layer: 'item', file: 'one', labels: { en: 'One', es: 'Uno' } },
          { code: 'A_2', layer: 'item', file: 'two', labels: { en: 'Two' } },
        ],
      },
    ],
  };
  const index = () => new SearchIndex(profileRecords(flattenProfile(TREE))).build();

  it('records say in which languages an item has a title; the toggle value true filters on it', () => {
    const answer = index().multiSearch([
      { indexName: 'x', params: { facets: ['translated.es'], facetFilters: [['translated.es:true']] } },
    ]).results[0] as { hits: { objectID: string }[]; facets: Record<string, Record<string, number>> };
    expect(answer.hits.map((h) => h.objectID)).to.deep.equal(['A_1']);
    const all = index().multiSearch([{ indexName: 'x', params: { facets: ['translated.es'] } }]).results[0] as {
      facets: Record<string, Record<string, number>>;
    };
    expect(all.facets['translated.es']).to.deep.equal({ true: 1, false: 1 });
  });

  it('accepts rule contexts: the first ten are applied, each rule once; none is no userData', () => {
    const search = (ruleContexts: unknown) =>
      (index().multiSearch([{ indexName: 'x', params: { ruleContexts } }]).results[0] as { userData?: unknown })
        .userData;
    expect(search(['ais-collection-C_A', 'ais-topics-C_A'])).to.deep.equal([{ type: 'collection', code: 'C_A' }]);
    expect(search(JSON.stringify(['ais-topics-C_A']))).to.deep.equal([{ type: 'collection', code: 'C_A' }]);
    const ten = Array.from({ length: 10 }, (_, i) => `ais-kind-${i}`);
    expect(search([...ten, 'ais-collection-C_A'])).to.equal(undefined);
    expect(search(undefined)).to.equal(undefined);
    expect(search(7)).to.equal(undefined);
  });
});
