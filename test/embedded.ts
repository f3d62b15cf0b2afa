import { expect } from '@open-wc/testing';
import { DEMO_URL, sleep, waitFor } from './helpers';

export type Answer = { result: unknown } | { error: { code: string; message?: string } } | { none: true };
export type Diagnostics = { errors: string[]; warnings: string[]; polluted: boolean; path: string };
export const DEMO_ORIGIN = new URL(DEMO_URL).origin;

/** A message's data, JSON text parsed (undefined when it is not JSON). */
export function parsed(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** A player embedded in an iframe (demo/embed.html, another origin), driven through postMessage. */
export class Embedded {
  readonly iframe = document.createElement('iframe');
  readonly results = new Map<string | number, Answer>();
  readonly events: { event: string; data: unknown }[] = [];
  /** Every message from the frame, as it came (JSON text as text). */
  readonly messages: unknown[] = [];
  received = 0;
  private report?: (r: Diagnostics) => void;
  private readonly onMessage = (e: MessageEvent) => {
    if (e.source !== this.iframe.contentWindow) return;
    expect(e.origin).to.equal(DEMO_ORIGIN);
    this.messages.push(e.data);
    // Answers to commands sent as JSON text are JSON text.
    const data: MessageEvent['data'] = parsed(e.data);
    if (data?.type === 'patient-ed-player:result') {
      this.received++;
      const { id, ...rest } = data.payload;
      this.results.set(id, rest);
    } else if (data?.type === 'patient-ed-player:event') this.events.push(data.payload);
    else if (data?.type === 'embed-diagnostics:report') this.report?.(data);
  };

  constructor(query: Record<string, string>) {
    this.iframe.src = `${new URL('embed.html', DEMO_URL).href}?${new URLSearchParams(query)}`;
    this.iframe.width = '640';
    this.iframe.height = '480';
    window.addEventListener('message', this.onMessage);
    document.body.append(this.iframe);
  }
  get win() {
    return this.iframe.contentWindow!;
  }
  async ready() {
    await waitFor(() => this.events.some((e) => e.event === 'onReady'), 'onReady from the iframe', 15000);
  }
  post(data: unknown, origin = DEMO_ORIGIN) {
    this.win.postMessage(data, origin);
  }
  send(payload: Record<string, unknown>) {
    this.post({ type: 'patient-ed-player:command', payload });
  }
  /** Post `message` as it is; the message that answers `id`, as it came, or undefined after `timeout` ms. */
  async ask(message: unknown, id: string | number, timeout = 3000): Promise<unknown> {
    const answers = (m: unknown) => (parsed(m) as { payload?: { id?: unknown } } | undefined)?.payload?.id === id;
    this.post(message);
    const start = performance.now();
    while (!this.messages.some(answers)) {
      if (performance.now() - start > timeout) return undefined;
      await sleep(10);
    }
    return this.messages.find(answers);
  }
  private seq = 0;
  async call(command: string, args: Record<string, unknown> = {}, timeout = 3000): Promise<Answer> {
    const id = `c${++this.seq}`;
    this.send({ command, id, ...args });
    const start = performance.now();
    while (!this.results.has(id)) {
      if (performance.now() - start > timeout) return { none: true };
      await sleep(10);
    }
    return this.results.get(id)!;
  }
  /**
   * The frame's console warnings (diagnostics on) once `until` holds for them, doing `poke` before each look; an
   * error after `timeout` ms. Until the embed page has loaded, a look gets no report: it is tried again.
   */
  async warningsWhen(until: (warnings: string[]) => boolean, poke = () => {}, timeout = 15000): Promise<string[]> {
    const start = performance.now();
    for (;;) {
      poke();
      const report = await Promise.race([this.diagnostics(), sleep(300).then(() => undefined)]);
      if (report && until(report.warnings)) return report.warnings;
      if (performance.now() - start > timeout) throw new Error(`Timed out waiting for warnings, have ${JSON.stringify(report?.warnings)}`);
      await sleep(100);
    }
  }
  diagnostics() {
    return new Promise<Diagnostics>((resolve) => {
      this.report = resolve;
      this.post({ type: 'embed-diagnostics:ask' });
    });
  }
  close() {
    window.removeEventListener('message', this.onMessage);
    this.iframe.remove();
  }
}

