// The watcher of the "real pages" (demo/gallery/*.html), for the browser tests (test/gallery.test.ts) that load each
// page in an iframe from this origin. A classic script, first in the page's <head> (right after its CSP meta), so that
// it sees everything from the start: uncaught errors, unhandled rejections, page resources that failed to load,
// console.error (and console.warn, kept apart), and every Content-Security-Policy violation (securitypolicyviolation
// events are composed: those from inside the player's shadow root reach the document too).
//
// It answers the test's questions: the test posts { type: 'gallery-ask', id, op, args } and gets back
// { type: 'gallery-answer', id, value } (or { error }). No eval (the pages' CSP has no 'unsafe-eval'): each question
// is a named operation below. They only look and wait; the test does the clicks and key presses itself, as real
// input through the test runner.
//
// `?clean` in the page's URL clears this origin's localStorage first: a first-time visitor, with no language or
// other choice saved by an earlier page.
(() => {
  'use strict';
  if (new URLSearchParams(location.search).has('clean')) {
    try {
      localStorage.clear();
    } catch {
      /* storage blocked: nothing saved either */
    }
  }

  const problems = [];
  const warnings = [];
  const violations = [];
  const show = (v) => {
    if (v instanceof Error) return `${v.name}: ${v.message}`;
    if (v && typeof v === 'object') {
      try {
        return JSON.stringify(v);
      } catch {
        return String(v);
      }
    }
    return String(v);
  };
  // Capture phase: a script, stylesheet or image of the page that fails to load fires `error` on its element only.
  window.addEventListener(
    'error',
    (e) => {
      const t = e.target;
      if (t && t !== window && t.nodeType === 1)
        problems.push(`failed to load: <${t.localName}> ${t.src || t.href || ''}`);
      else problems.push(`error: ${e.message}${e.filename ? ` (${e.filename}:${e.lineno})` : ''}`);
    },
    true,
  );
  window.addEventListener('unhandledrejection', (e) => problems.push(`unhandled rejection: ${show(e.reason)}`));
  for (const [level, list] of [
    ['error', problems],
    ['warn', warnings],
  ]) {
    const original = console[level];
    console[level] = function (...args) {
      list.push(`console.${level}: ${args.map(show).join(' ')}`);
      return original.apply(this, args);
    };
  }
  document.addEventListener('securitypolicyviolation', (e) => {
    violations.push({
      directive: e.violatedDirective,
      blocked: e.blockedURI,
      source: e.sourceFile,
      line: e.lineNumber,
      sample: e.sample,
    });
  });

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  /** Poll `check` until it gives a truthy value or `ms` pass: the value, or false. */
  const until = async (check, ms = 10000) => {
    const start = performance.now();
    for (;;) {
      const v = check();
      if (v) return v;
      if (performance.now() - start > ms) return false;
      await sleep(30);
    }
  };
  const player = (selector) => document.querySelector(selector || 'patient-ed-player');
  const box = (el) => {
    if (!el) return null;
    const { left, top, width, height, right, bottom } = el.getBoundingClientRect();
    return { left, top, width, height, right, bottom };
  };
  /** An element in a few words: tag, id, .modal, data-control, data-modal-name. */
  const name = (el) => {
    let s = el.localName;
    if (el.id) s += `#${el.id}`;
    if (el.classList?.contains('modal')) s += '.modal';
    if (el.dataset?.control) s += `[data-control=${el.dataset.control}]`;
    if (el.dataset?.modalName) s += `[data-modal-name=${el.dataset.modalName}]`;
    return s;
  };
  /** Where the keyboard focus is, through shadow roots: ['patient-ed-player', 'button[data-control=settings]']. */
  const focusPath = () => {
    const path = [];
    for (let el = document.activeElement; el; el = el.shadowRoot?.activeElement ?? null) path.push(name(el));
    return path;
  };
  /** Whether what is painted at the middle of `el` is `el` (or inside it), in `root` (a document or shadow root). */
  const hitAt = (root, el) => {
    const r = el.getBoundingClientRect();
    return root.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  };
  const onTop = (root, el) => {
    const hit = hitAt(root, el);
    return Boolean(hit && (hit === el || el.contains(hit)));
  };
  const style = (el, props) => {
    const cs = getComputedStyle(el);
    return Object.fromEntries(props.map((p) => [p, cs.getPropertyValue(p)]));
  };
  /** A control of the player's bar, in the row or (opened for it) in the More menu, as test/helpers.ts findControl. */
  const findControl = (el, control) =>
    until(() => {
      const root = el.shadowRoot;
      const found =
        root?.querySelector(`.control-row [data-control="${control}"]:not(.more-item)`) ??
        root?.querySelector(`.more-menu [data-control="${control}"]`);
      if (found) return found;
      const more = root?.querySelector('[data-control="more"]');
      if (more && more.getAttribute('aria-expanded') !== 'true') more.click();
      return false;
    }, 8000);

  /** What the player shows: its boxes, its shell's language and direction, its modal, where the focus is. */
  const snapshot = (selector) => {
    const el = player(selector);
    const root = el?.shadowRoot;
    const q = (s) => root?.querySelector(s) ?? null;
    const modal = q('.modal');
    const shell = q('.shell');
    const video = q('video.media');
    const Player = customElements.get('patient-ed-player');
    const pbox = box(el);
    const mbox = box(modal);
    return {
      defined: Boolean(Player && el instanceof Player),
      state: typeof el?.getPlayerState === 'function' ? el.getPlayerState() : null,
      player: pbox,
      shell: shell && {
        dir: shell.getAttribute('dir'),
        lang: shell.getAttribute('lang'),
        route: shell.dataset.route,
        style: style(shell, ['direction', 'font-family', 'line-height', 'letter-spacing', 'color']),
      },
      frame: box(q('.player-frame')),
      stage: box(q('.stage')),
      video: video && {
        box: box(video),
        readyState: video.readyState,
        currentTime: video.currentTime,
        paused: video.paused,
      },
      controls: box(q('.controls')),
      modal: modal && {
        name: modal.dataset.modalName,
        title: modal.querySelector('.modal-title')?.textContent ?? null,
        box: mbox,
        // Inside the player's box, and painted on top there (nothing of the page, or of the player, over it).
        inside: Boolean(
          pbox &&
          mbox.width > 0 &&
          mbox.height > 0 &&
          mbox.left >= pbox.left - 1 &&
          mbox.right <= pbox.right + 1 &&
          mbox.top >= pbox.top - 1 &&
          mbox.bottom <= pbox.bottom + 1,
        ),
        onTop: onTop(root, modal) && onTop(document, el),
        // What a click at its middle would reach (for a failure's message).
        hit: hitAt(root, modal) ? name(hitAt(root, modal)) : null,
      },
      focus: focusPath(),
      pageDialogs: [...document.querySelectorAll('dialog')].map((d) => ({ id: d.id, open: d.open })),
    };
  };

  const ops = {
    /** What went wrong on the page so far, and the resources it loaded. */
    report: () => ({
      problems: [...problems],
      warnings: [...warnings],
      violations: [...violations],
      resources: performance.getEntriesByType('resource').map((e) => e.name),
    }),
    snapshot: (a) => snapshot(a.player),
    /**
     * Wait for the player's video to have its metadata (the element defined, the playlist loaded) on its player
     * screen (before, its picture may show in the early player's outline): the snapshot.
     */
    ready: async (a) => {
      await until(() => {
        const s = snapshot(a.player);
        return s.defined && s.video && s.video.readyState >= 1 && s.frame && s.controls;
      }, a.timeout || 15000);
      return snapshot(a.player);
    },
    /** The box of a light-DOM element (scrolled into view first), for the test's real mouse click. */
    rect: (a) => {
      const el = document.querySelector(a.selector);
      if (!el) return null;
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      return box(el);
    },
    /** The box of a control of the player's bar (scrolled into view first), and whether it is what is painted there. */
    control: async (a) => {
      const el = player(a.player);
      const c = el && (await findControl(el, a.name));
      if (!c) return null;
      c.scrollIntoView({ block: 'center', inline: 'nearest' });
      await frames();
      return {
        box: box(c),
        label: c.getAttribute('aria-label') || c.textContent.trim(),
        onTop: onTop(el.shadowRoot, c) && onTop(document, el),
        inMenu: c.classList.contains('more-item'),
      };
    },
    /** Wait until the player has a modal open with the focus in it (`open: true`), or none (`open: false`). */
    modal: async (a) => {
      await until(() => {
        const s = snapshot(a.player);
        return a.open ? s.modal && s.focus.some((f) => f.includes('.modal')) : !s.modal;
      }, a.timeout || 8000);
      // Open: the page may still be scrolling the focused dialog into view (its middle off the viewport reads as not
      // painted on top); up to 2 s for it, after which the snapshot says what it says.
      if (a.open) await until(() => snapshot(a.player).modal?.onTop, 2000);
      await frames(); // for the focus to land where it goes back to
      return snapshot(a.player);
    },
    /** Wait until a page <dialog> (by id) is open or closed: the snapshot. */
    pageDialog: async (a) => {
      await until(() => document.getElementById(a.id)?.open === a.open, a.timeout || 5000);
      return snapshot(a.player);
    },
    /** Play (the element's playVideo()) and wait for the video to run: { started, snapshot }. */
    play: async (a) => {
      const el = player(a.player);
      const started = await el.playVideo();
      await until(() => {
        const v = el.shadowRoot.querySelector('video.media');
        return v && v.currentTime > 0.2 && el.getPlayerState() === 1;
      }, a.timeout || 15000);
      return { started, snapshot: snapshot(a.player) };
    },
    /** Computed styles (and boxes) of the shown elements matching `selector` in the page, or `inside` the player. */
    styles: (a) => {
      const root = a.inside ? player(a.player).shadowRoot : document;
      return [...root.querySelectorAll(a.inside || a.selector)]
        .filter((n) => n.getClientRects().length > 0)
        .map((n) => ({ ...style(n, a.props || []), name: name(n), box: box(n) }));
    },
    /** The controls in the bar's row (not those in the More menu), whether the layout wrapped it, its box. */
    controlRow: (a) => {
      const root = player(a.player).shadowRoot;
      const row = root.querySelector('.control-row');
      return {
        row: [...root.querySelectorAll('.control-row [data-control]:not(.more-item)')].map((c) => c.dataset.control),
        wrapped: Boolean(row?.hasAttribute('data-wrapped')),
        rowBox: box(row),
      };
    },
    /** Texts of the player's interface: the accessible names of some controls and of the stage. */
    texts: (a) => {
      const root = player(a.player).shadowRoot;
      const label = (s) => root.querySelector(s)?.getAttribute('aria-label') ?? null;
      return {
        play: label('.control-row [data-control="play"]'),
        settings: label('.control-row [data-control="settings"]'),
        mute: label('.control-row [data-control="mute"]'),
        stage: label('.stage'),
      };
    },
  };

  window.addEventListener('message', async (e) => {
    const m = e.data;
    if (e.source !== window.parent || m?.type !== 'gallery-ask') return;
    const answer = (data) => window.parent.postMessage({ type: 'gallery-answer', id: m.id, ...data }, '*');
    try {
      const op = ops[m.op];
      if (!op) throw new Error(`no such question: ${m.op}`);
      answer({ value: await op(m.args || {}) });
    } catch (err) {
      answer({ error: show(err) });
    }
  });
})();
