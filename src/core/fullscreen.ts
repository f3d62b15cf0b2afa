/** Enter or leave full screen for the element itself. */
export function toggleFullscreen(host: HTMLElement): void {
  if (document.fullscreenElement === host) void document.exitFullscreen?.().catch(() => {});
  else void host.requestFullscreen?.().catch(() => {});
}
