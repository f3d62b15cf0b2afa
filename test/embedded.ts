import { expect } from '@open-wc/testing';
import { DEMO_URL, waitFor } from './helpers';

export type Answer = { result: unknown } | { error: { code: string; message?: string } } | { none: true };
export type Diagnostics = {
  id: number;
  errors: string[];
  warnings: string[];
  polluted: boolean;
  ready: boolean;
  path: string;
};
export const DEMO_ORIGIN = new URL(DEMO_URL).origin;
/** What a test reads of a message from an embedded player: an event, or the answer to a command (others: anything). */
export type PlayerMessage = {
  type?: string;
  payload?: { event?: string; data?: unknown; id?: unknown; result?: unknown };
} | null;

/** A message's data, JSON text parsed (undefined when it is not JSON). */
export function parsed(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/**
 * A player embedded in an iframe (demo/embed.html, another origin), driven through postMessage. With `diagnostics: '1'`
 * in the query the page also answers questions about itself (demo/embed-diagnostics.js): its console warnings, its
 * errors, the player's path. Such a question is answered after every message posted to the frame before it (one
 * window, messages in order), and after the answers to the commands the player answered at once: it is how a test
 * shows that a message was handled and went unanswered.
 */
export class Embedded {
  readonly iframe = document.createElement('iframe');
  readonly results = new Map<string | number, Answer>();
  readonly events: { event: string; data: unknown }[] = [];
  /** Every message from the frame, as it came (JSON text as text). */
  readonly messages: unknown[] = [];
  received = 0;
  /** Diagnostics reports, by the id of the question they answer. */
  private readonly reports = new Map<number, Diagnostics>();
  private questions = 0;
  private readonly onMessage = (e: MessageEvent) => {
    if (e.source !== this.iframe.contentWindow) return;
    expect(e.origin).to.equal(DEMO_ORIGIN);
    this.messages.push(e.data);
    // Answers to commands sent as JSON text are JSON text.
    const data = parsed(e.data) as { type?: unknown; payload?: unknown } | undefined;
    if (data?.type === 'patient-ed-player:result') {
      this.received++;
      const { id, ...rest } = data.payload as { id: string | number } & Answer;
      this.results.set(id, rest);
    } else if (data?.type === 'patient-ed-player:event')
      this.events.push(data.payload as { event: string; data: unknown });
    else if (data?.type === 'embed-diagnostics:report') {
      const report = data as unknown as Diagnostics;
      this.reports.set(report.id, report);
    }
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
  /** Post `message` as it is; the message that answers `id`, as it came. */
  async ask(message: unknown, id: string | number): Promise<unknown> {
    const answers = (m: unknown) => (parsed(m) as { payload?: { id?: unknown } } | undefined)?.payload?.id === id;
    this.post(message);
    return waitFor(() => this.messages.find(answers), `the answer to ${JSON.stringify(id)}`);
  }
  /**
   * Post `message` as it is; whether the frame answered `id` once it has handled the message (diagnostics on; for
   * messages that are ignored, or answered at once when they are not).
   */
  async answers(message: unknown, id: string | number): Promise<boolean> {
    const answers = (m: unknown) => (parsed(m) as { payload?: { id?: unknown } } | undefined)?.payload?.id === id;
    this.post(message);
    await this.diagnostics();
    return this.messages.some(answers);
  }
  private seq = 0;
  /** Send a command; its answer. */
  async call(command: string, args: Record<string, unknown> = {}): Promise<Answer> {
    const id = `c${++this.seq}`;
    this.send({ command, id, ...args });
    return waitFor(() => this.results.get(id), `the answer to ${command} (${id})`);
  }
  /**
   * Send a command that the player ignores, or answers at once: its answer once the frame has handled it, or
   * `{ none: true }` (diagnostics on).
   */
  async callHandled(command: string, args: Record<string, unknown> = {}): Promise<Answer> {
    const id = `c${++this.seq}`;
    this.send({ command, id, ...args });
    await this.diagnostics();
    return this.results.get(id) ?? { none: true };
  }
  /**
   * The frame's console warnings (diagnostics on) once `until` holds for them, doing `poke` before each look (a poll:
   * a question asked again at each look).
   */
  async warningsWhen(until: (warnings: string[]) => boolean, poke = () => {}, timeout = 15000): Promise<string[]> {
    const asked: number[] = [];
    const report = await waitFor(
      () => {
        const answered = asked
          .map((id) => this.reports.get(id))
          .filter((r) => r !== undefined)
          .at(-1);
        if (answered && until(answered.warnings)) return answered;
        poke();
        asked.push(this.question());
        return undefined;
      },
      "the frame's warnings",
      timeout,
    );
    return report.warnings;
  }
  /**
   * Ask the page about itself (diagnostics on): its answer, which comes after everything posted to it before. Until the
   * page has loaded, a question gets no answer: it is asked again (a poll).
   */
  async diagnostics(): Promise<Diagnostics> {
    const asked: number[] = [];
    return waitFor(
      () => {
        const answered = asked.map((id) => this.reports.get(id)).find((r) => r !== undefined);
        if (answered) return answered;
        asked.push(this.question());
        return undefined;
      },
      'the diagnostics report',
      15000,
    );
  }
  private question(): number {
    const id = ++this.questions;
    this.post({ type: 'embed-diagnostics:ask', id });
    return id;
  }
  close() {
    window.removeEventListener('message', this.onMessage);
    this.iframe.remove();
  }
}
