// puppeteer (pulled in by @web/test-runner-puppeteer for the Firefox tests) must not download a browser at install:
// the machines have no internet, and the tests drive the system's browsers (scripts/ensure-browsers.mjs).
module.exports = { skipDownload: true };
