// The ViewMedica plugin's link listener, as the plugin's pages have it (a stand-in written for this demo): every
// link of class vm-link opens its data-video code in the page's last player, through the window._vm handle.
for (const link of document.querySelectorAll('.vm-link')) {
  link.addEventListener('click', () => window._vm.navigate(link.dataset.video));
}
