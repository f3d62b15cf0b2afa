/**
 * `npm start` / `npm run serve`: the reference provider and the demo page server, side by side.
 *
 *   PORT           demo page port (default 8000)
 *   PROVIDER_PORT  provider port (default 8001)
 *   HOST           interface to bind (default 127.0.0.1)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProvider } from './provider/server.mjs';
import { createDemoServer } from './static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!fs.existsSync(path.join(root, 'dist', 'patient-ed-player.js'))) {
  console.error('dist/patient-ed-player.js is missing. Run npm run build first.');
  process.exit(1);
}

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 8000);
const providerPort = Number(process.env.PROVIDER_PORT || 8001);
const shown = ['127.0.0.1', 'localhost', '0.0.0.0', '::', '::1'].includes(host)
  ? 'localhost'
  : host.includes(':')
    ? `[${host}]`
    : host;

let provider;
let demo;
try {
  ({ server: provider } = await startProvider({ port: providerPort, host }));
  demo = createDemoServer({ root, providerUrl: `http://${shown}:${provider.address().port}/` });
  await new Promise((resolve, reject) => {
    demo.once('error', reject);
    demo.listen(port, host, () => {
      demo.off('error', reject);
      resolve();
    });
  });
} catch (err) {
  const hint = err.code === 'EADDRINUSE' ? ' (set PORT / PROVIDER_PORT to use other ports)' : '';
  console.error(`Could not start: ${err.message}${hint}`);
  provider?.close();
  process.exit(1);
}

console.log(`Demo page:  http://${shown}:${demo.address().port}/`);
console.log(`Provider:   http://${shown}:${provider.address().port}/`);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  let open = 2;
  const done = () => --open === 0 && process.exit(0);
  for (const server of [demo, provider]) {
    server.close(done);
    server.closeAllConnections();
  }
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
