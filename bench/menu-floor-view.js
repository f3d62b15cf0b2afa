// The menu floor's React part (bench/menu-floor.js): React, React DOM and a list of the profile's libraries and their
// collections as buttons, rendered in a shadow root as the player renders its own.
import { createElement as h, useEffect } from 'react';
import { createRoot } from 'react-dom/client';

const label = (node) => node.labels?.en ?? node.code;

function Menu({ profile }) {
  useEffect(() => {
    document.dispatchEvent(new Event('ready'));
  }, []);
  return h(
    'nav',
    { 'aria-label': label(profile) },
    (profile.children ?? []).map((library) =>
      h(
        'section',
        { key: library.code },
        h('h2', null, label(library)),
        h(
          'ul',
          null,
          (library.children ?? []).map((collection) =>
            h('li', { key: collection.code }, h('button', { type: 'button' }, label(collection))),
          ),
        ),
      ),
    ),
  );
}

export function render(host, profile) {
  createRoot(host.attachShadow({ mode: 'open' })).render(h(Menu, { profile }));
}
