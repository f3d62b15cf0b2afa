// The clinics' own page scripts of the "real pages" (demo/gallery/*.html), as plain as such sites have them: tabs
// that show their panel on click, and a button that opens a <dialog> with showModal(). An external file: the pages'
// Content-Security-Policy allows no inline script.
for (const tab of document.querySelectorAll('[role="tab"]')) {
  tab.addEventListener('click', () => {
    for (const other of tab.closest('[role="tablist"]').querySelectorAll('[role="tab"]')) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      document.getElementById(other.getAttribute('aria-controls')).hidden = !selected;
    }
  });
}
for (const button of document.querySelectorAll('[data-open-dialog]')) {
  button.addEventListener('click', () => document.getElementById(button.dataset.openDialog).showModal());
}
