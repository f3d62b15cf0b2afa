import type { PatientEdPlayerElement } from '../src/element/player-element';
import { answerNext, FAULT_PROVIDER_URL, json, mountPlayer, withoutCorsNext } from './helpers';

type Slides = { items: { slides?: { image?: string }[] }[] };

/**
 * The sample slide presentation, its images served by a host that sends no CORS headers (the fault provider). They
 * get a query of their own, so that no answer the browser cached earlier stands in for the server's.
 */
export async function mountSlidesWithoutCors(attrs: Record<string, string> = {}): Promise<PatientEdPlayerElement> {
  const tag = `without-cors=${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const path = 'api/clients/demo/playlists/A_DEMO_SLIDES?menuLanguage=en&videoLanguage=en';
  const real = await json<Slides>(await fetch(new URL(path, FAULT_PROVIDER_URL)));
  const items = real.items.map((item) => ({
    ...item,
    slides: item.slides?.map((s) => (s.image ? { ...s, image: `${s.image}?${tag}` } : s)),
  }));
  await answerNext('/api/clients/demo/playlists/A_DEMO_SLIDES', { ...real, items });
  // Each image twice at most (in CORS mode, then without); the rules name these URLs alone.
  for (const item of real.items)
    for (const s of item.slides ?? []) if (s.image) await withoutCorsNext(`/static/${s.image}?${tag}`, 2);
  return mountPlayer({ client: 'demo', code: 'A_DEMO_SLIDES', 'provider-url': FAULT_PROVIDER_URL, ...attrs });
}
