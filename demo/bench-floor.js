// Bench page (bench/run.mjs): the provider API's chain to a first video with no player at all, the floor of
// "navigation -> first loadedmetadata" for any player that follows docs/provider-api.md. The same requests as the
// player opened on A_DEMO_VIDEO, with the same referrer header (so each is a CORS request with a preflight): the
// client configuration and the playlist in parallel, then the first item's video source, then the media.
const video = document.querySelector('video[data-bench]');
const api = `${video.dataset.provider}api/`;
const headers = { 'X-Embed-Referrer': `${location.origin}${location.pathname}` };
const get = (path) => fetch(api + path, { headers }).then((response) => response.json());
const [, playlist] = await Promise.all([
  get('clients/demo'),
  get('clients/demo/playlists/A_DEMO_VIDEO?menuLanguage=en&videoLanguage=en'),
]);
const source = await get(`vod/demo/${encodeURIComponent(playlist.items[0].file)}?language=en`);
video.crossOrigin = 'anonymous';
video.src = source.src;
