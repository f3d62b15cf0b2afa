import { expect } from '@open-wc/testing';
import { createLimitedRequester } from '../src/search/requester';
import { flattenProfile } from '../src/content/profile';
import {
  highlightedParts,
  parseFacetFilters,
  profileRecords,
  SearchIndex,
  normalize,
  queryForms,
} from '../src/search/engine.js';
import { MAX_QUERY_LENGTH, titleSortIndex } from '../src/search/fields.js';
import { fromUiState, readSearchQuery, toUiState, withSearchQuery, writeSearchQuery } from '../src/search/route-state';
import { resolveSearchConfig } from '../src/search/session';
import { searchNextTarget } from '../src/routing/search-next';
import { VoiceSearch, recognitionConstructor, type Recognition, type VoiceState } from '../src/search/voice';
import { resolveNavigation } from '../src/routing/navigation';

const TREE = {
  code: 'root',
  layer: 'root',
  children: [
    {
      code: 'L_ORTHO',
      layer: 'library',
      labels: { en: 'Orthopedics' },
      children: [
        {
          code: 'C_KNEE',
          layer: 'collection',
          labels: { en: 'Knee care', es: 'Rodilla' },
          children: [
            {
              code: 'A_KNEE',
              layer: 'item',
              file: 'knee',
              labels: { en: 'Knee arthritis', es: 'Artritis de rodilla' },
              languages: ['en', 'es'],
            },
            {
              code: 'A_SLIDES',
              layer: 'item',
              labels: { en: 'Knee surgery checklist', es: 'Lista para la cirugía' },
              languages: ['en'],
            },
            // The same file under another code: a record of its own (the menu shows one tile per file).
            {
              code: 'A_KNEE_2',
              layer: 'item',
              file: 'knee',
              labels: { en: 'Knee exercises' },
              languages: ['en', 'es', 'de', 7],
            },
          ],
        },
        {
          code: 'A_HIP',
          layer: 'item',
          file: 'hip',
          labels: { en: 'Hip <b>replacement</b>', de: 'Hüftersatz' },
          languages: ['en', 'de'],
        },
      ],
    },
    { code: 'A_BROKEN', layer: 'item', labels: { en: 42 } },
  ],
};

const records = () => profileRecords(flattenProfile(TREE));
const ids = (answer: { hits: { objectID: string }[] }) => answer.hits.map((h) => h.objectID);

describe('search engine (pure)', () => {
  it('makes one record per item code, with topics, collection, kind, languages, titles; bad values dropped', () => {
    const r = records();
    expect(r.map((x) => x.code)).to.deep.equal(['A_KNEE', 'A_SLIDES', 'A_KNEE_2', 'A_HIP', 'A_BROKEN']);
    expect(r[0]).to.deep.equal({
      objectID: 'A_KNEE',
      code: 'A_KNEE',
      file: 'knee',
      collection: 'C_KNEE',
      labels: { en: 'Knee arthritis', es: 'Artritis de rodilla' },
      topics: ['L_ORTHO', 'C_KNEE'],
      kind: 'video',
      languages: ['en', 'es'],
      // The interface languages it has a title of its own in (the dialog's toggle).
      translated: { en: true, es: true, de: false, ar: false, pt: false },
    });
    expect(r[1].kind).to.equal('presentation');
    expect(r[2].languages).to.deep.equal(['en', 'es', 'de']);
    expect(r[3].collection).to.equal(undefined); // directly in a library: the playlist route
    expect(r[4].labels).to.deep.equal({});
  });

  it('answers like Algolia: prefix AND matching in every language, accents folded, highlighted in given tags', () => {
    const index = new SearchIndex(records()).build();
    const a = index.answer('demo', { query: 'kne art', highlightPreTag: '[', highlightPostTag: ']' });
    expect(ids(a)).to.deep.equal(['A_KNEE']);
    expect(a.hits[0]._highlightResult.labels.en).to.deep.equal({
      value: '[Knee] [arthritis]',
      matchLevel: 'full',
      matchedWords: ['kne', 'art'],
      fullyHighlighted: true,
    });
    expect(a.hits[0]._highlightResult.labels.es.value).to.equal('[Artritis] de rodilla');
    expect(ids(index.answer('demo', { query: 'cirugia' }))).to.deep.equal(['A_SLIDES']); // 'cirugía'
    expect(ids(index.answer('demo', { query: 'HÜFT' }))).to.deep.equal(['A_HIP']);
    // Typo tolerance from five letters on.
    expect(ids(index.answer('demo', { query: 'arthritus' }))).to.deep.equal(['A_KNEE']);
    // The default tags are Algolia's; markup in a label is returned as text (InstantSearch escapes it).
    expect(index.answer('demo', { query: 'replacement' }).hits[0]._highlightResult.labels.en.value).to.equal(
      'Hip <b><em>replacement</em></b>',
    );
    expect(normalize('Guía')).to.equal('guia');
  });

  it('finds Arabic words as typed: vowel signs, hamza on alef, ى, ة, tatweel and the article prefixes folded', () => {
    const tree = {
      code: 'root',
      children: [
        { code: 'A_KNEE', file: 'knee', labels: { ar: 'الاستبدال الكامل للركبة' }, languages: ['ar'] },
        { code: 'A_BACK', file: 'back', labels: { ar: 'ألم أسفل الظهر' }, languages: ['ar'] },
        { code: 'A_HOSPITAL', file: 'hospital', labels: { ar: 'العودة من المستشفى' }, languages: ['ar'] },
        { code: 'A_HEART', file: 'heart', labels: { ar: 'أمراض القلب' }, languages: ['ar'] },
        { code: 'A_MOTHER', file: 'mother', labels: { ar: 'صحة الوالدة' }, languages: ['ar'] },
        { code: 'A_FATS', file: 'fats', labels: { ar: 'الدهون في الدم' }, languages: ['ar'] },
        { code: 'A_NECK', file: 'neck', labels: { ar: 'ألم الرقبة' }, languages: ['ar'] },
      ],
    };
    const index = new SearchIndex(profileRecords(flattenProfile(tree))).build();
    const find = (query: string) => ids(index.answer('demo', { query }));
    // The knee: with the article (the label has it after لل), without it, with ه for ة, with a tatweel, vowelled.
    for (const q of ['الركبة', 'ركبة', 'ركبه', 'للركبة', 'الركـبة', 'الرُّكْبَة', 'رك'])
      expect(find(q), q).to.deep.equal(['A_KNEE']);
    // ى typed as ي; the article on a word that has none in the label (and none on one that has it).
    expect(find('المستشفي')).to.deep.equal(['A_HOSPITAL']);
    expect(find('مستشفى')).to.deep.equal(['A_HOSPITAL']);
    expect(find('ظهر')).to.deep.equal(['A_BACK']);
    expect(find('القلب امراض')).to.deep.equal(['A_HEART']);
    // A word that only looks like the article stays itself: ألم (pain) is not the article before م.
    expect(queryForms('ألم')).to.deep.equal(['الم']);
    // Its labels come first; like any query it also matches as the start of longer words (المستشفى).
    expect(find('ألم').slice(0, 2)).to.have.members(['A_BACK', 'A_NECK']);
    expect(find('ألم')[2]).to.equal('A_HOSPITAL');
    // Words that only look prefixed: وال of والدة (mother) is part of the word, and it is not the start of الدهون.
    expect(queryForms('والدة')).to.deep.equal(['والده']);
    expect(find('والدة')).to.deep.equal(['A_MOTHER']);
    expect(find('الدم')).to.deep.equal(['A_FATS']);
    // Typo tolerance counts the word without its article: الركبة (knee) is not a typo of الرقبة (neck), four
    // letters each once the article is off; a long word keeps it.
    expect(find('الرقبة')).to.deep.equal(['A_NECK']);
    expect(find('المستشفا')).to.deep.equal(['A_HOSPITAL']);
    // Typed letter by letter, the article's own letters keep matching words that start with it.
    expect(find('العو')).to.deep.equal(['A_HOSPITAL']);
    // The label's own word is highlighted, prefix and all.
    expect(
      index.answer('demo', { query: 'الركبة', highlightPreTag: '[', highlightPostTag: ']' }).hits[0]._highlightResult
        .labels.ar,
    ).to.deep.include({
      value: 'الاستبدال الكامل [للركبة]',
      matchLevel: 'full',
    });
    expect(normalize('مستشفى الرَّعاية')).to.equal('مستشفي الرعايه');
  });

  it("marks every occurrence of the query's words and their prefix matches, in every language and shown title", () => {
    const tree = {
      code: 'root',
      children: [
        { code: 'A_KNEE', file: 'knee', labels: { en: 'Knee arthritis' } },
        { code: 'A_TOTAL', file: 'total', labels: { en: 'Your total knee replacement: knee care' } },
        { code: 'A_GUIDE', file: 'guide', labels: { es: 'Guía de la rodilla: la guia completa' } },
        { code: 'A_AR', file: 'ar', labels: { ar: 'الركبة وآلام الرُّكبة للركبة' } },
      ],
    };
    const index = new SearchIndex(profileRecords(flattenProfile(tree))).build();
    const marked = (query: string, lang: string) =>
      Object.fromEntries(
        index
          .answer('demo', { query, highlightPreTag: '[', highlightPostTag: ']' })
          .hits.map((h) => [h.objectID, h._highlightResult.labels[lang]?.value]),
      );
    // The answer (the embedded index and the provider's endpoint): each occurrence, a prefix marking the whole word.
    expect(marked('knee', 'en')).to.deep.equal({
      A_KNEE: '[Knee] arthritis',
      A_TOTAL: 'Your total [knee] replacement: [knee] care',
    });
    expect(marked('kne', 'en')).to.deep.equal(marked('knee', 'en'));
    expect(marked('GUIA', 'es').A_GUIDE).to.equal('[Guía] de la rodilla: la [guia] completa');
    expect(marked('ركبة', 'ar').A_AR).to.equal('[الركبة] وآلام [الرُّكبة] [للركبة]');
    // A title the answer never saw (the account's own name for an item), marked by the dialog the same way.
    const shown = (text: string, query: string, matched: string[] = []) =>
      highlightedParts(text, query, matched)
        .map((p) => (p.isHighlighted ? `[${p.value}]` : p.value))
        .join('');
    expect(shown('Your total knee replacement: knee care', 'knee')).to.equal(
      'Your total [knee] replacement: [knee] care',
    );
    expect(shown('Knees, KNEE and knee-deep', 'kne')).to.equal('[Knees], [KNEE] and [knee]-deep');
    expect(shown('Guía de la rodilla: la guia completa', 'GUIA')).to.equal('[Guía] de la rodilla: la [guia] completa');
    expect(shown('الركبة وآلام الرُّكبة للركبة', 'ركبة')).to.equal('[الركبة] وآلام [الرُّكبة] [للركبة]');
    expect(shown('الاستبدال الكامل للركبة', 'الركـبة')).to.equal('الاستبدال الكامل [للركبة]');
    // Every word of the query; a word no query word starts, when the answer marked it elsewhere (a typo's match).
    expect(shown('Knee arthritis of the knee', 'knee art')).to.equal('[Knee] [arthritis] of the [knee]');
    expect(shown('Arthritis of the knee', 'arthritus', ['arthritis'])).to.equal('[Arthritis] of the knee');
    expect(shown('Knee arthritis', '')).to.equal('Knee arthritis');
    expect(shown('Knee arthritis', 'hip')).to.equal('Knee arthritis');
  });

  it('scores an Arabic word by its better form, so the title sort keeps a label without the article', () => {
    const tree = {
      code: 'root',
      children: [
        { code: 'A_PAIN', file: 'pain', labels: { ar: 'آلام الركبة' }, languages: ['ar'] },
        { code: 'A_HURT', file: 'hurt', labels: { ar: 'ركبة مصابة' }, languages: ['ar'] },
        { code: 'A_OTHER', file: 'other', labels: { ar: 'صحة القلب' }, languages: ['ar'] },
      ],
    };
    const index = new SearchIndex(profileRecords(flattenProfile(tree))).build();
    const relevant = index.answer('demo', { query: 'الركبة' });
    expect(ids(relevant)).to.have.members(['A_PAIN', 'A_HURT']);
    // Sorted by title (Algolia's relevant sort keeps the hits scoring at least half the best): both stay.
    const sorted = index.answer(titleSortIndex('demo', 'ar'), { query: 'الركبة' });
    expect(sorted.nbSortedHits ?? sorted.nbHits).to.equal(2);
    expect(ids(sorted)).to.have.members(['A_PAIN', 'A_HURT']);
  });

  it('filters (AND of OR groups, negation), counts facets over the filtered hits, pages, sorts by title', () => {
    const index = new SearchIndex(records()).build();
    const all = index.answer('demo', { query: '', facets: ['*'] });
    expect(all.nbHits).to.equal(5);
    expect(all.facets.kind).to.deep.equal({ video: 3, presentation: 2 });
    expect(all.facets.topics).to.deep.equal({ L_ORTHO: 4, C_KNEE: 3 });
    const filtered = index.answer('demo', {
      facetFilters: [['kind:video'], ['languages:es', 'languages:de']],
      facets: ['languages'],
    });
    expect(ids(filtered)).to.deep.equal(['A_KNEE', 'A_KNEE_2', 'A_HIP']);
    expect(filtered.facets.languages).to.deep.equal({ en: 3, de: 2, es: 2 });
    expect(ids(index.answer('demo', { facetFilters: ['topics:-C_KNEE'] }))).to.deep.equal(['A_HIP', 'A_BROKEN']);
    expect(ids(index.answer('demo', { facetFilters: [['kind:-video', 'languages:de']] }))).to.deep.equal([
      'A_SLIDES',
      'A_KNEE_2',
      'A_HIP',
      'A_BROKEN',
    ]);
    expect(ids(index.answer('demo', { facetFilters: '["kind:presentation"]' }))).to.deep.equal([
      'A_SLIDES',
      'A_BROKEN',
    ]);
    expect(ids(index.answer('demo', { facetFilters: ['unknown:x'] }))).to.deep.equal([]);
    const page = index.answer('demo', { hitsPerPage: 2, page: 1 });
    expect([page.nbPages, page.page, ids(page)]).to.deep.equal([3, 1, ['A_KNEE_2', 'A_HIP']]);
    expect(index.answer('demo', { hitsPerPage: 0, facets: 'kind' }).hits).to.deep.equal([]);
    expect(ids(index.answer(titleSortIndex('demo', 'en'), { query: 'knee' }))).to.deep.equal([
      'A_KNEE',
      'A_KNEE_2',
      'A_SLIDES',
    ]);
    // Spanish titles where there are some (A_KNEE_2 has none: its English one).
    expect(ids(index.answer(titleSortIndex('demo', 'es'), { query: 'knee' }))).to.deep.equal([
      'A_KNEE',
      'A_KNEE_2',
      'A_SLIDES',
    ]);
    expect(
      ids(index.answer(titleSortIndex('demo', 'es'), { query: '', facetFilters: ['topics:C_KNEE'] })),
    ).to.deep.equal(['A_KNEE', 'A_KNEE_2', 'A_SLIDES']);
    expect(parseFacetFilters(['x:\\-1', 'nocolon', 5, ['a:b', null]])).to.deep.equal([
      [{ attr: 'x', value: '-1', negate: false }],
      [{ attr: 'a', value: 'b', negate: false }],
    ]);
  });

  it('title replicas are relevant sorts: strictness 100 keeps hits close to the best score, 0 sorts them all', () => {
    const recs = profileRecords(
      flattenProfile({
        code: 'root',
        children: [
          {
            code: 'A_STRONG',
            layer: 'item',
            labels: { en: 'Knee knee', es: 'Knee', de: 'Knee', pt: 'Knee', ar: 'Knee' },
          },
          {
            code: 'A_WEAK',
            layer: 'item',
            labels: { en: 'Kneecap and elbow and wrist and ankle care for older adults' },
          },
        ],
      }),
    );
    const index = new SearchIndex(recs).build();
    const strict = index.answer(titleSortIndex('demo', 'en'), { query: 'knee' });
    expect([strict.nbHits, strict.nbSortedHits, strict.appliedRelevancyStrictness, ids(strict)]).to.deep.equal([
      2,
      1,
      100,
      ['A_STRONG'],
    ]);
    const all = index.answer(titleSortIndex('demo', 'en'), { query: 'knee', relevancyStrictness: 0 });
    expect([all.nbHits, all.nbSortedHits, all.appliedRelevancyStrictness, ids(all)]).to.deep.equal([
      2,
      2,
      0,
      ['A_STRONG', 'A_WEAK'],
    ]); // 'Knee knee' before 'Kneecap …'
    // The relevance index is not a virtual replica.
    expect('appliedRelevancyStrictness' in index.answer('demo', { query: 'knee' })).to.equal(false);
  });

  it('takes malformed requests without throwing; reports its processing time from the injected clock', () => {
    let now = 0;
    const index = new SearchIndex(records(), { now: () => (now += 7) }).build();
    const answer = index.multiSearch([
      null,
      { indexName: 5, params: 'query=knee&hitsPerPage=%221%22' },
      { indexName: 'demo', query: 'x'.repeat(MAX_QUERY_LENGTH * 10) },
    ]);
    expect(answer.results.length).to.equal(3);
    expect((answer.results[0] as { nbHits: number }).nbHits).to.equal(5);
    expect(ids(answer.results[1] as { hits: { objectID: string }[] })).to.deep.equal(['A_KNEE']);
    expect((answer.results[2] as { query: string }).query.length).to.equal(MAX_QUERY_LENGTH);
    expect((answer.results[0] as { processingTimeMS: number }).processingTimeMS).to.equal(7);
    expect(index.multiSearch('nope').results).to.deep.equal([]);
    const facets = index.multiSearch([{ indexName: 'demo', type: 'facet', facet: 'languages', facetQuery: 'd' }])
      .results[0] as { facetHits: unknown[] };
    expect(facets.facetHits).to.deep.equal([{ value: 'de', count: 2, highlighted: '<em>d</em>e' }]);
  });
});

describe('search state in the route (pure)', () => {
  it('reads and writes search and taxonomy; drops what it does not know', () => {
    const taxonomy = 'topics:C_KNEE,kind:video,kind:video,sort:title,bogus:1,languages:%E0%A4,languages:es,:x,kind:';
    const state = readSearchQuery(new URLSearchParams({ search: 'knee', taxonomy, menuLanguage: 'es' }).toString());
    expect(state).to.deep.equal({
      query: 'knee',
      refinements: { topics: ['C_KNEE'], kind: ['video'], languages: ['es'] },
      sort: 'title',
    });
    expect(writeSearchQuery(state)).to.deep.equal({
      search: 'knee',
      taxonomy: 'topics:C_KNEE,kind:video,languages:es,sort:title',
    });
    expect(readSearchQuery(`search=${'a'.repeat(MAX_QUERY_LENGTH + 88)}`).query.length).to.equal(MAX_QUERY_LENGTH);
    expect(writeSearchQuery({ query: ' ', refinements: { topics: ['a,b:c'] }, sort: 'relevance' })).to.deep.equal({
      search: '',
      taxonomy: 'topics:a%2Cb%3Ac',
    });
    expect(
      readSearchQuery(new URLSearchParams({ taxonomy: 'topics:a%2Cb%3Ac' }).toString()).refinements.topics,
    ).to.deep.equal(['a,b:c']);
    expect(withSearchQuery('menuLanguage=es&search=old', { search: '', taxonomy: 'kind:video' })).to.equal(
      'menuLanguage=es&taxonomy=kind%3Avideo',
    );
  });

  it('maps to and from InstantSearch UI state (sort as the title replica of the menu language)', () => {
    const ui = toUiState({ query: 'knee', refinements: { kind: ['video'] }, sort: 'title' }, 'demo', 'de');
    // The toggle of the menu language's titles is on unless the route says `titles:all`.
    expect(ui).to.deep.equal({
      demo: {
        query: 'knee',
        refinementList: { kind: ['video'] },
        toggle: { 'translated.de': true },
        sortBy: 'demo_title_de_asc',
      },
    });
    expect(fromUiState(ui, 'demo')).to.deep.equal({ query: 'knee', refinements: { kind: ['video'] }, sort: 'title' });
    expect(fromUiState(ui, 'demo', 'de')).to.deep.equal(fromUiState(ui, 'demo'));
    expect(fromUiState({}, 'demo')).to.deep.equal({ query: '', refinements: {}, sort: 'relevance' });
    // The collection of the menu select, and the toggle off.
    const state = readSearchQuery('taxonomy=collection%3AC_KNEE%2Ctitles%3Aall%2Ccollection%3AC_HIP');
    expect(state).to.deep.equal({
      query: '',
      refinements: {},
      sort: 'relevance',
      collection: 'C_KNEE',
      allTitles: true,
    });
    expect(writeSearchQuery(state).taxonomy).to.equal('collection:C_KNEE,titles:all');
    const off = toUiState(state, 'demo', 'es');
    expect(off).to.deep.equal({ demo: { menu: { collection: 'C_KNEE' } } });
    expect(fromUiState(off, 'demo', 'es')).to.deep.equal(state);
  });

  it('navigation keeps search and taxonomy for playlist routes and the search dialogs only', () => {
    const q = 'search=knee&taxonomy=kind%3Avideo&lang=es';
    expect(resolveNavigation('/demo/player/A_X', q)).to.equal(`/demo/player/A_X?${q}`);
    expect(resolveNavigation('/demo/menu/search-next', q)).to.equal(`/demo/menu/search-next?${q}`);
    expect(resolveNavigation('/demo/menu/C_KNEE/search', q)).to.equal(`/demo/menu/C_KNEE/search?${q}`);
    expect(resolveNavigation('/demo/menu', q)).to.equal('/demo/menu?lang=es');
    expect(resolveNavigation('/demo/menu/settings', q)).to.equal('/demo/menu/settings?lang=es');
  });

  it('search-next returns a playlist opened from a search to that search, only with the preference on', () => {
    const q = 'search=knee&taxonomy=kind%3Avideo';
    expect(searchNextTarget('/demo/player/A_X', q, 1)).to.equal(`/demo/menu/search-next?${q}`);
    expect(searchNextTarget('/demo/player/C_K/A_X/', q, 1)).to.equal(`/demo/menu/search-next?${q}`);
    expect(searchNextTarget('/demo/player/A_X', q, 0)).to.equal(undefined);
    expect(searchNextTarget('/demo/player/A_X', 'lang=es', 1)).to.equal(undefined);
    expect(searchNextTarget('/demo/menu', q, 1)).to.equal(undefined);
  });
});

describe('search configuration (pure)', () => {
  it('uses Algolia only with application id, key and index; attributes win over the account', () => {
    expect(resolveSearchConfig({}, undefined, 'demo')).to.deep.equal({
      backend: 'embedded',
      index: 'demo',
      operator: 'or',
    });
    expect(resolveSearchConfig({ searchAppId: 'A', searchApiKey: 'K' }, undefined, 'demo').backend).to.equal(
      'embedded',
    );
    const account = {
      appId: 'ACC',
      apiKey: 'ACCKEY',
      index: 'acc_index',
      operator: 'AND',
      host: 'https://search.example.org:8443/',
    };
    expect(resolveSearchConfig({}, account, 'demo')).to.deep.equal({
      backend: 'algolia',
      index: 'acc_index',
      operator: 'and',
      appId: 'ACC',
      apiKey: 'ACCKEY',
      host: { url: 'search.example.org', port: 8443, protocol: 'https' },
    });
    const own = resolveSearchConfig(
      {
        searchAppId: 'OWN',
        searchApiKey: 'OWNKEY',
        searchIndex: 'own',
        searchOperator: 'or',
        searchHost: 'http://localhost:9000',
      },
      account,
      'demo',
    );
    expect([own.appId, own.index, own.operator, own.host]).to.deep.equal([
      'OWN',
      'own',
      'or',
      { url: 'localhost', port: 9000, protocol: 'http' },
    ]);
    // A host that is not http(s), or an index name with odd characters: the hosted index is not used.
    expect(resolveSearchConfig({ searchHost: 'javascript:alert(1)' }, account, 'demo').backend).to.equal('embedded');
    expect(resolveSearchConfig({ searchIndex: '../x' }, account, 'demo').backend).to.equal('embedded');
    // Algolia's API is at the host's root: a host with a path is refused; a secured (long) key is fine.
    expect(resolveSearchConfig({ searchHost: 'https://proxy.example/algolia/' }, account, 'demo').backend).to.equal(
      'embedded',
    );
    expect(resolveSearchConfig({ searchApiKey: 'k'.repeat(700) }, account, 'demo').apiKey!.length).to.equal(700);
    expect(resolveSearchConfig({}, 'garbage', 'demo').backend).to.equal('embedded');
  });
});

/** A scripted recogniser: each test says what it hears or which error it raises. */
class ScriptedRecognition implements Recognition {
  static script: { heard?: string[]; error?: string } = {};
  static last?: ScriptedRecognition;
  lang = '';
  interimResults = false;
  continuous = true;
  maxAlternatives = 0;
  onstart: Recognition['onstart'] = null;
  onresult: Recognition['onresult'] = null;
  onerror: Recognition['onerror'] = null;
  onend: Recognition['onend'] = null;
  started = false;
  aborted = false;
  constructor() {
    ScriptedRecognition.last = this;
  }
  start() {
    this.started = true;
  }
  /** Play the script (the test decides when). */
  run() {
    const { heard = [], error } = ScriptedRecognition.script;
    heard.forEach((t, i) => {
      const results = { length: 1, 0: { isFinal: i === heard.length - 1, 0: { transcript: t } } };
      this.onresult?.({ results });
    });
    if (error) this.onerror?.({ error });
    this.onend?.(new Event('end'));
  }
  stop() {
    this.onend?.(new Event('end'));
  }
  abort() {
    this.aborted = true;
  }
}

describe('voice search (pure, scripted recogniser)', () => {
  const run = (script: typeof ScriptedRecognition.script) => {
    ScriptedRecognition.script = script;
    const states: VoiceState[] = [];
    const heard: [string, boolean][] = [];
    const voice = new VoiceSearch(ScriptedRecognition, {
      onState: (s) => states.push(s),
      onTranscript: (t, f) => heard.push([t, f]),
    });
    voice.start('es');
    const rec = ScriptedRecognition.last!;
    return { voice, rec, states, heard };
  };

  it('listens in the given language, passes what it hears (interim, then final) and returns to idle', () => {
    const { rec, states, heard } = run({ heard: ['rodi', 'rodilla'] });
    expect([rec.lang, rec.interimResults, rec.continuous, rec.started]).to.deep.equal(['es', true, false, true]);
    rec.run();
    expect(heard).to.deep.equal([
      ['rodi', false],
      ['rodilla', true],
    ]);
    expect(states).to.deep.equal(['listening', 'idle']);
  });

  it('denied (not-allowed, service-not-allowed), error (no-speech, network), aborted is idle', () => {
    for (const [error, state] of [
      ['not-allowed', 'denied'],
      ['service-not-allowed', 'denied'],
      ['no-speech', 'error'],
      ['network', 'error'],
      ['aborted', 'idle'],
    ] as const) {
      const { rec, states } = run({ error });
      rec.run();
      expect(states, error).to.deep.equal(['listening', state]);
    }
  });

  it('dispose drops the session without callbacks; no recogniser: none found', () => {
    const { voice, rec, states } = run({ heard: ['x'] });
    voice.dispose();
    expect(rec.aborted).to.equal(true);
    rec.run(); // handlers were removed
    expect(states).to.deep.equal(['listening', 'idle']);
    expect(recognitionConstructor({})).to.equal(undefined);
    expect(recognitionConstructor({ webkitSpeechRecognition: ScriptedRecognition })).to.equal(ScriptedRecognition);
    expect(recognitionConstructor({ SpeechRecognition: 'nope' })).to.equal(undefined);
  });
});

describe("the hosted search client's requester", () => {
  const request = {
    url: 'https://search.example/1/indexes/*/queries',
    method: 'POST' as const,
    headers: {},
    data: '{}',
    connectTimeout: 1000,
    responseTimeout: 2000,
  };

  it("answers like Algolia's requesters: the body and status; a failed connection is status 0", async () => {
    const ok = await createLimitedRequester(() =>
      Promise.resolve(new Response('{"results":[]}', { status: 200 })),
    ).send(request);
    expect(ok).to.deep.equal({ status: 200, content: '{"results":[]}', isTimedOut: false });
    const down = await createLimitedRequester(() => Promise.reject(new TypeError('Failed to fetch'))).send(request);
    expect(down).to.deep.equal({ status: 0, content: 'Failed to fetch', isTimedOut: false });
  });

  it('refuses an answer over 5 MB like any provider answer (a network failure: it tries its other hosts)', async () => {
    const big = new Uint8Array(6 * 1024 * 1024).fill(0x20);
    const answer = await createLimitedRequester(() => Promise.resolve(new Response(new Blob([big]).stream()))).send(
      request,
    );
    expect(answer).to.deep.equal({ status: 0, content: 'Response larger than 5 MB', isTimedOut: false });
  });

  it('times out as told: the connection, then the answer', async () => {
    const hang: typeof fetch = (_u, init) =>
      new Promise((_, reject) =>
        init?.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        ),
      );
    const answer = await createLimitedRequester(hang).send({ ...request, connectTimeout: 30 });
    expect([answer.status, answer.isTimedOut]).to.deep.equal([0, true]);
  });
});
