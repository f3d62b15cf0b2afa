// A host page that embeds the player as an iframe (embed.html) and drives it with postMessage only
// (docs/api.md, "postMessage"). Commands go to the iframe's exact origin in the spec's plain shape
// `{ command, id, ...args }`; answers carry the same `id` at the top level and are matched by it.
const RESULT = 'patient-ed-player:result';
const EVENT = 'patient-ed-player:event';
/** A command without an answer after this long was ignored by the player (as unknown or internal ones are). */
const ANSWER_TIMEOUT_MS = 3000;
const MAX_LOG = 200;

const frame = document.getElementById('player-frame');
const form = document.getElementById('embed-form');
const originSelect = document.getElementById('embed-origin');
const urlOut = document.getElementById('embed-url');
const status = document.getElementById('status');
const log = document.getElementById('log');
const commandButtons = [...document.querySelectorAll('[data-command]')];

/** Commands sent and not answered yet: id -> { command, sentAt }. */
const pending = new Map();
let seq = 0;
let playerOrigin;

function record(kind, name, detail) {
  const li = document.createElement('li');
  li.className = `log-${kind}`;
  li.dataset.kind = kind;
  li.dataset.name = name;
  li.textContent = `${new Date().toLocaleTimeString()}  ${name}  ${detail === undefined ? '' : JSON.stringify(detail)}`;
  log.prepend(li);
  while (log.childElementCount > MAX_LOG) log.lastElementChild.remove();
}

function setReady(ready) {
  for (const button of commandButtons) button.disabled = !ready;
  status.textContent = ready
    ? `Player ready at ${playerOrigin}.`
    : 'Loading the player… (commands wait for its onReady event)';
}

// The player may be served from this page's origin or, to show a real cross-origin embed, from the other
// loopback name of the same demo server (localhost <-> 127.0.0.1).
function originChoices() {
  const here = location.origin;
  const other = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[location.hostname];
  const choices = [];
  if (other)
    choices.push([`${location.protocol}//${other}${location.port ? `:${location.port}` : ''}`, 'another origin']);
  choices.push([here, 'this page’s origin']);
  return choices;
}
for (const [origin, label] of originChoices()) {
  const option = document.createElement('option');
  option.value = origin;
  option.textContent = `${origin} (${label})`;
  originSelect.append(option);
}

function embedUrl() {
  const data = new FormData(form);
  const url = new URL('/embed.html', data.get('origin'));
  url.searchParams.set('client', String(data.get('client')).trim());
  if (data.get('code')) url.searchParams.set('code', String(data.get('code')));
  url.searchParams.set('language', String(data.get('language')));
  // Only this page may command the player, and its events come only here.
  url.searchParams.set('allowed-origins', location.origin);
  return url;
}

function load() {
  const url = embedUrl();
  playerOrigin = url.origin;
  pending.clear();
  setReady(false);
  urlOut.textContent = url.href;
  frame.src = url.href;
  record('note', 'load', url.href);
}

/** Send one command to the iframe's exact origin; the answer is logged when it arrives. */
function send(command, args = {}) {
  const id = `cmd-${++seq}`;
  const message = { command, id, ...args };
  pending.set(id, { command, sentAt: performance.now() });
  frame.contentWindow.postMessage(message, playerOrigin);
  record('sent', `-> ${command}`, message);
  setTimeout(() => {
    if (pending.delete(id)) record('note', `${command} (${id})`, 'no answer: the player ignored it');
  }, ANSWER_TIMEOUT_MS);
  return id;
}

window.addEventListener('message', (event) => {
  // Only the player's own window, from the origin it was loaded from.
  if (event.source !== frame.contentWindow) return;
  if (event.origin !== playerOrigin) {
    record('note', 'dropped', `a message from ${event.origin}, not ${playerOrigin}`);
    return;
  }
  const data = event.data ?? {};
  const { type, payload } = data;
  // The answer to a plain command: its id, and its result or error, at the top level.
  if (type === RESULT && pending.has(data.id)) {
    const { command, sentAt } = pending.get(data.id);
    pending.delete(data.id);
    const ms = Math.round(performance.now() - sentAt);
    if ('error' in data) record('error', `<- ${command} (${data.id}, ${ms} ms)`, data.error);
    else record('answer', `<- ${command} (${data.id}, ${ms} ms)`, data.result);
  } else if (type === EVENT && payload) {
    record('event', payload.event, payload.data);
    if (payload.event === 'onReady') setReady(true);
  }
});

for (const button of commandButtons) {
  button.addEventListener('click', () =>
    send(button.dataset.command, button.dataset.args ? JSON.parse(button.dataset.args) : {}),
  );
}
form.addEventListener('submit', (event) => {
  event.preventDefault();
  load();
});

load();
