import { expect } from '@open-wc/testing';
import { DEMO_URL, sleep, waitFor } from './helpers';

export type Answer = { result: unknown } | { error: { code: string; message?: string } } | { none: true };
export const DEMO_ORIGIN = new URL(DEMO_URL).origin;

/** A player embedded in an iframe (demo/embed.html, another origin), driven through postMessage. */
export class Embedded {
  readonly iframe = document.createElement('iframe');
  readonly results = new Map<string | number, Answer>();
  readonly events: { event: string; data: unknown }[] = [];
  received = 0;
  private report?: (r: { errors: string[]; polluted: boolean; path: string }) => void;
  private readonly onMessage = (e: MessageEvent) => {
    if (e.source !== this.iframe.contentWindow) return;
    expect(e.origin).to.equal(DEMO_ORIGIN);
    const data = e.data;
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
  diagnostics() {
    return new Promise<{ errors: string[]; polluted: boolean; path: string }>((resolve) => {
      this.report = resolve;
      this.post({ type: 'embed-diagnostics:ask' });
    });
  }
  close() {
    window.removeEventListener('message', this.onMessage);
    this.iframe.remove();
  }
}

