// Host-page script of the demo: drives the inline player through its attributes and logs its events.
const player = document.getElementById('player');
const log = document.getElementById('log');

function record(name, detail) {
  const li = document.createElement('li');
  li.textContent = `${new Date().toLocaleTimeString()}  ${name}  ${detail === undefined ? '' : JSON.stringify(detail)}`;
  log.prepend(li);
}

player.addEventListener('ready', (e) => record('ready', e.detail));
for (const button of document.querySelectorAll('[data-code]')) {
  button.addEventListener('click', () => {
    player.setAttribute('code', button.dataset.code);
    record('set code', button.dataset.code);
  });
}
document.getElementById('language').addEventListener('change', (e) => {
  player.setAttribute('language', e.target.value);
  record('set language', e.target.value);
});
