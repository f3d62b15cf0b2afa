import { expect } from '@open-wc/testing';
import { CONTROLLER } from '../src/app/embed-options';
import { DEFAULT_PREFERENCES, STORAGE_KEY, STORAGE_VERSION, STORAGE_VERSION_KEY } from '../src/preferences/defaults';
import { mergePreferences } from '../src/preferences/merge';
import { coerceQueryValue, queryLayerFrom } from '../src/preferences/query';
import { readStored } from '../src/preferences/storage';
import { saveLayers, writeStored } from '../src/preferences/storage-write';
import { $, clearStorage, mountPlayer, nextTask, replaceProperty, text, unmountAll, waitFor } from './helpers';

describe('preferences: defaults, layers, aliases, coercion', () => {
  beforeEach(clearStorage);
  afterEach(unmountAll);

  it('has the documented defaults', () => {
    const d = DEFAULT_PREFERENCES;
    expect([
      d.autoplay,
      d.audio,
      d.cdn,
      d.searchNext,
      d.subtitles,
      d.audioDescriptions,
      d.googleAnalytics,
      d.keyboardShortcuts,
    ]).to.deep.equal([0, 1, 0, 0, 1, 0, 1, 1]);
    for (const k of [
      'captionsButton',
      'menuAccess',
      'brochureButton',
      'disclaimerButton',
      'enlargeButton',
      'markupButton',
      'searchButton',
      'chaptersButton',
      'shareButton',
    ] as const) {
      expect(d[k], k).to.equal(1);
    }
    expect(d.favoritesButton).to.equal(0);
    expect(d.audioDescriptionsButton).to.equal(0);
    expect([d.platform, d.border, d.color, d.dynamicSharing]).to.deep.equal(['', 1, '#364B8C', false]);
    expect([d.voLanguage, d.ccLanguage, d.menuLanguage]).to.deep.equal(['en', 'en', 'en']);
    expect([d.increaseContrast, d.reduceMotion, d.fontSize, d.scale]).to.deep.equal([0, 0, 100, 100]);
    expect([d.ccFontSize, d.ccFontColor, d.ccFontOpacity, d.ccBackgroundColor, d.ccBackgroundOpacity]).to.deep.equal([
      '100%',
      '#FFFFFF',
      'FF',
      '#000000',
      'BF',
    ]);
    expect(d.ccFontFamily).to.match(/Arial/);
    expect(STORAGE_VERSION).to.equal('9.0.76');
  });

  it('coerces query values: true/on/scale -> 1, false/off -> 0, %/auto/px stay text, numerics -> integers', () => {
    expect(['true', 'on', 'scale', 'TRUE'].map(coerceQueryValue)).to.deep.equal([1, 1, 1, 1]);
    expect(['false', 'off'].map(coerceQueryValue)).to.deep.equal([0, 0]);
    expect(['150%', 'auto', '12px'].map(coerceQueryValue)).to.deep.equal(['150%', 'auto', '12px']);
    expect(['125', '7.9', '-2'].map(coerceQueryValue)).to.deep.equal([125, 7, -2]);
    expect(coerceQueryValue('ios')).to.equal('ios');
  });

  it('maps every query alias to its preference', () => {
    const layer = queryLayerFrom([
      ['brochure', 'off'],
      ['captions', 'false'],
      ['disclaimer', '0'],
      ['dynamic_sharing', 'true'],
      ['favorites', 'on'],
      ['fullscreen', '0'],
      ['markup', 'off'],
      ['menuaccess', '0'],
      ['search', 'off'],
      ['sections', '0'],
      ['social', 'off'],
      ['subtitles', '0'],
    ]);
    expect(layer).to.deep.equal({
      brochureButton: 0,
      captionsButton: 0,
      disclaimerButton: 0,
      dynamicSharing: true,
      favoritesButton: 1,
      enlargeButton: 0,
      markupButton: 0,
      menuAccess: 0,
      searchButton: 0,
      chaptersButton: 0,
      shareButton: 0,
      subtitles: 0,
    });
    expect(queryLayerFrom([['brochures', 'on']])).to.deep.equal({ brochureButton: 1 });
    expect(queryLayerFrom([['ignoreaudio', '1']])).to.deep.equal({ audio: 0 });
    expect(queryLayerFrom([['ignoreaudio', 'false']])).to.deep.equal({ audio: 1 });
    expect(queryLayerFrom([['lang', 'es']])).to.deep.equal({ menuLanguage: 'es', ccLanguage: 'es', voLanguage: 'es' });
    expect(queryLayerFrom([['language', 'de']])).to.deep.equal({
      menuLanguage: 'de',
      ccLanguage: 'de',
      voLanguage: 'de',
    });
    expect(
      queryLayerFrom([
        ['ccFontSize', '150%'],
        ['fontSize', '125'],
        ['color', '336699'],
      ]),
    ).to.deep.equal({ ccFontSize: '150%', fontSize: 125, color: '#336699' });
    // Unknown names and wrong-typed values are ignored, never thrown on.
    expect(
      queryLayerFrom([
        ['__proto__', '1'],
        ['nonsense', '1'],
        ['autoplay', 'maybe'],
      ]),
    ).to.deep.equal({});
  });

  it('merges defaults < account < query < local, and a non-zero query ignoreLocal skips local', () => {
    const account = { color: '#111111', autoplay: 1, practice: 'Account' };
    const query = { autoplay: 0, practice: 'Query' };
    const local = { practice: 'Local' };
    const merged = mergePreferences({ account, query, local });
    expect([merged.color, merged.autoplay, merged.practice, merged.audio]).to.deep.equal(['#111111', 0, 'Local', 1]);
    expect(mergePreferences({ account, query: { ...query, ignoreLocal: 1 }, local }).practice).to.equal('Query');
    expect(mergePreferences({ account, query: { ignoreLocal: 0 }, local }).practice).to.equal('Local');
  });
});

describe('preferences: storage is untrusted and may fail', () => {
  beforeEach(clearStorage);
  afterEach(unmountAll);

  it('round-trips under the preferences key and version 9.0.76', () => {
    expect(saveLayers('demo', { color: '#222222' }, { menuLanguage: 'es' })).to.equal(true);
    expect(localStorage.getItem(STORAGE_VERSION_KEY)).to.equal('9.0.76');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!)).to.deep.equal({
      account: { demo: { color: '#222222' } },
      local: { menuLanguage: 'es' },
      order: ['demo'],
    });
    expect(readStored()).to.deep.equal({
      account: { demo: { color: '#222222' } },
      local: { menuLanguage: 'es' },
      users: {},
      order: ['demo'],
    });
    // A client's user id is kept beside its account layer; a malformed one is dropped.
    expect(saveLayers('demo', { color: '#222222' }, {}, '68')).to.equal(true);
    expect(readStored().users).to.deep.equal({ demo: '68' });
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ account: {}, local: {}, users: { demo: '<script>', other: 7, ok: 'u_1' } }),
    );
    expect({ ...readStored().users }).to.deep.equal({ ok: 'u_1' });
  });

  it('uses empties for corrupt JSON, a wrong version and wrong value types', () => {
    localStorage.setItem(STORAGE_VERSION_KEY, STORAGE_VERSION);
    localStorage.setItem(STORAGE_KEY, '{not json');
    expect(readStored()).to.deep.equal({ account: {}, local: {}, users: {}, order: [] });
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ local: { menuLanguage: 'es' } }));
    localStorage.setItem(STORAGE_VERSION_KEY, '8.0.0');
    expect(readStored().local).to.deep.equal({});
    localStorage.setItem(STORAGE_VERSION_KEY, STORAGE_VERSION);
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        local: { autoplay: 'yes', fontSize: 125, titles: 'x', menuLanguage: 7, __proto__: { polluted: 1 } },
        account: 'x',
      }),
    );
    expect(JSON.parse(JSON.stringify(readStored()))).to.deep.equal({
      account: {},
      local: { fontSize: 125 },
      users: {},
      order: [],
    });
    localStorage.setItem(
      STORAGE_KEY,
      '{"account":{"__proto__":{"practice":"Evil"},"demo":{"practice":"Good"}},"local":{}}',
    );
    const stored = readStored();
    expect(stored.account.other).to.equal(undefined);
    expect(stored.account.demo.practice).to.equal('Good');
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it('keeps working when storage throws on read and on write (quota)', async () => {
    const restoreGetItem = replaceProperty(Storage.prototype, 'getItem', () => {
      throw new DOMException('denied', 'SecurityError');
    });
    const restoreSetItem = replaceProperty(Storage.prototype, 'setItem', () => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(readStored()).to.deep.equal({ account: {}, local: {}, users: {}, order: [] });
      expect(writeStored({ account: {}, local: { fontSize: 125 }, users: {} })).to.equal(false);
      const el = await mountPlayer({ client: 'demo' });
      await waitFor(() => $(el, '[data-screen="navigation"] .menu-sections'), 'menu');
      el[CONTROLLER].setLanguage('es'); // a change triggers a save that throws inside: swallowed
      await waitFor(() => text(el, '.menu-heading') === 'Explorar temas', 'Spanish menu');
    } finally {
      restoreGetItem();
      restoreSetItem();
    }
  });

  it('a language name instead of a code (language="english") falls back to English, with no error', async () => {
    expect(queryLayerFrom([['language', 'english']])).to.deep.equal({});
    expect(
      queryLayerFrom([
        ['lang', 'pt-BR'],
        ['menuLanguage', 'Deutsch'],
      ]),
    ).to.deep.equal({ menuLanguage: 'pt-BR', ccLanguage: 'pt-BR', voLanguage: 'pt-BR' });
    const el = await mountPlayer({ client: 'demo', language: 'english' });
    const errors: unknown[] = [];
    el.addEventListener('error', (e) => errors.push(e.detail));
    await waitFor(() => $(el, '.menu-sections'), 'the menu');
    expect([el[CONTROLLER].preferences().menuLanguage, $(el, '.shell')!.getAttribute('lang')]).to.deep.equal([
      'en',
      'en',
    ]);
    expect(errors).to.deep.equal([]);
  });

  it('choices are never lost when storage fails: each keeps the last, and a change of client keeps all', async () => {
    // Storage that throws on read and write (disabled), then storage that reads but is full (writes throw).
    for (const broken of ['throws', 'full'] as const) {
      localStorage.clear();
      const restoreGetItem =
        broken === 'throws'
          ? replaceProperty(Storage.prototype, 'getItem', () => {
              throw new DOMException('denied', 'SecurityError');
            })
          : () => {};
      const restoreSetItem = replaceProperty(Storage.prototype, 'setItem', () => {
        throw new DOMException('full', 'QuotaExceededError');
      });
      try {
        const el = await mountPlayer({ client: 'demo' });
        const c = el[CONTROLLER];
        await waitFor(() => $(el, '.menu-sections'), 'menu');
        c.setLocalPreference('fontSize', 150);
        await waitFor(() => c.preferences().fontSize === 150, `${broken}: the first choice`);
        c.setLocalPreference('increaseContrast', 1);
        await waitFor(() => c.preferences().increaseContrast === 1, `${broken}: the second choice`);
        // The second choice's save (merged onto storage that said nothing or something old) kept the first. The save
        // runs in the state's subscriber, a promise reaction after the change: over by the next task.
        await nextTask();
        expect([c.preferences().fontSize, c.preferences().increaseContrast], `${broken}: both kept`).to.deep.equal([
          150, 1,
        ]);
        el.setAttribute('client', 'riverside');
        await waitFor(
          () => c.state.loadedClient === 'riverside' && c.state.clientStatus === 'ready',
          `${broken}: the other client`,
        );
        c.setLocalPreference('menuLanguage', 'de');
        await waitFor(() => c.preferences().menuLanguage === 'de', `${broken}: a choice after the change`);
        await nextTask();
        expect(
          [c.preferences().fontSize, c.preferences().increaseContrast, c.preferences().menuLanguage],
          `${broken}: all kept`,
        ).to.deep.equal([150, 1, 'de']);
      } finally {
        restoreGetItem();
        restoreSetItem();
        unmountAll();
      }
    }
  });

  it("saves local choices on every change and takes other tabs' changes from the storage event", async () => {
    const el = await mountPlayer({ client: 'demo' });
    await waitFor(() => $(el, '.menu-sections'), 'menu');
    el[CONTROLLER].setLocalPreference('fontSize', 150);
    await waitFor(() => readStored().local.fontSize === 150, 'saved fontSize');
    // Another tab writes storage: the browser fires `storage` here only for other documents, so dispatch it
    // as it would.
    const stored = readStored();
    stored.local = { ...stored.local, menuLanguage: 'de' };
    writeStored(stored);
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY }));
    await waitFor(() => text(el, '.menu-heading') === 'Themen durchsuchen', 'German menu after storage event');
    expect(el[CONTROLLER].preferences().menuLanguage).to.equal('de');
  });

  it('clearCaptionsPreferences removes the six caption style fields from local only', async () => {
    const el = await mountPlayer({ client: 'demo' });
    const c = el[CONTROLLER];
    c.state.layers.local = {
      ccFontFamily: 'Verdana',
      ccFontSize: '150%',
      ccFontColor: '#FFFF00',
      ccFontOpacity: 'BF',
      ccBackgroundColor: '#FFFFFF',
      ccBackgroundOpacity: '00',
      fontSize: 125,
    };
    c.clearCaptionsPreferences();
    expect(c.state.layers.local).to.deep.equal({ fontSize: 125 });
    await waitFor(
      () => JSON.stringify(readStored().local) === JSON.stringify({ fontSize: 125 }),
      'saved without caption styles',
    );
  });

  it('attributes feed the query layer with alias coercion; local wins over it unless ignorelocal', async () => {
    saveLayers(undefined, {}, { practice: 'Saved by visitor' });
    const el = await mountPlayer({
      client: 'demo',
      captions: 'off',
      ignoreaudio: 'true',
      practice: 'From attribute',
      'font-size': '125',
    });
    const p = el[CONTROLLER].preferences();
    expect([p.captionsButton, p.audio, p.fontSize, p.practice]).to.deep.equal([0, 0, 125, 'Saved by visitor']);
    const el2 = await mountPlayer({ client: 'demo', practice: 'From attribute', 'ignore-local': '1' });
    await waitFor(() => text(el2, '.practice-name') === 'From attribute', 'query practice shown');
  });

  it('the account layer comes from the client configuration and user preferences', async () => {
    const el = await mountPlayer({ client: 'demo' });
    await waitFor(() => text(el, '.practice-name'), 'practice');
    const account = el[CONTROLLER].state.layers.account;
    expect(account.practice).to.be.a('string').and.not.equal(DEFAULT_PREFERENCES.practice);
    expect(text(el, '.practice-name')).to.equal(account.practice);
    expect(readStored().account.demo).to.deep.equal(JSON.parse(JSON.stringify(account)));
  });
});
