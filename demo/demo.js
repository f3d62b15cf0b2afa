// Host-page script of the demo: drives the inline player through its methods (docs/api.md), shows its
// getters and logs every event it dispatches with its detail.
const player = document.getElementById('player');
const log = document.getElementById('log');
const getters = document.getElementById('getters');
const volume = document.getElementById('volume');
const language = document.getElementById('language');

const EVENTS = ['ready', 'statechange', 'volumechange', 'navigate', 'analytics', 'playlistend', 'screenshot'];
const STATES = { '-1': 'not ready', 0: 'not playing', 1: 'playing', 2: 'paused', 9: 'ended' };
const MAX_LOG = 200;

function record(kind, name, detail) {
  const li = document.createElement('li');
  li.className = `log-${kind}`;
  li.dataset.kind = kind;
  li.dataset.name = name;
  li.textContent = `${new Date().toLocaleTimeString()}  ${name}  ${detail === undefined ? '' : JSON.stringify(detail)}`;
  log.prepend(li);
  while (log.childElementCount > MAX_LOG) log.lastElementChild.remove();
}

/** Call a method: actions answer with a Promise, getters synchronously; both fail with a CommandError. */
async function call(name, ...args) {
  const label = `${name}(${args.map((a) => JSON.stringify(a)).join(', ')})`;
  try {
    const result = await player[name](...args);
    record('call', label, result);
  } catch (error) {
    record('error', label, { code: error.code, message: error.message });
  }
}

for (const name of EVENTS) player.addEventListener(name, (e) => record('event', name, e.detail));
player.addEventListener('volumechange', (e) => {
  volume.value = String(e.detail.muted ? 0 : e.detail.volume);
});

for (const button of document.querySelectorAll('[data-navigate]')) {
  button.addEventListener('click', () => call('navigate', button.dataset.navigate));
}
for (const button of document.querySelectorAll('[data-call]')) {
  button.addEventListener('click', () => call(button.dataset.call));
}
document
  .getElementById('seek')
  .addEventListener('click', () => call('seekTo', Number(document.getElementById('seek-seconds').value)));
volume.addEventListener('change', () => call('setVolume', Number(volume.value)));
language.addEventListener('change', () => call('setLanguage', language.value));

// Getters answer synchronously, so the page can show them continuously.
const GETTERS = [
  ['State', () => `${player.getPlayerState()} (${STATES[player.getPlayerState()]})`],
  ['Time', () => `${player.getCurrentTime().toFixed(1)} / ${player.getDuration().toFixed(1)} s`],
  ['Volume', () => player.getVolume().toFixed(2)],
  ['Language', () => player.getLanguage()],
  [
    'Playlist',
    () => {
      const p = player.getCurrentPlaylist();
      return p ? `${p.label ?? p.code} (${p.code}, ${p.itemCount} item${p.itemCount === 1 ? '' : 's'})` : '-';
    },
  ],
  [
    'Item',
    () => {
      const item = player.getCurrentItem();
      return item ? `${player.getCurrentPlaylistIndex() + 1}: ${item.label ?? item.code}` : '-';
    },
  ],
];
const cells = GETTERS.map(([label]) => {
  const dt = document.createElement('dt');
  dt.textContent = label;
  const dd = document.createElement('dd');
  dd.dataset.getter = label.toLowerCase();
  getters.append(dt, dd);
  return dd;
});

function refresh() {
  GETTERS.forEach(([, read], i) => {
    let text;
    try {
      text = read();
    } catch (error) {
      text = `(${error.code ?? error.message})`;
    }
    if (cells[i].textContent !== text) cells[i].textContent = text;
  });
  if (document.activeElement !== language) language.value = player.getLanguage();
}

customElements.whenDefined('patient-ed-player').then(() => {
  refresh();
  setInterval(refresh, 250);
});
