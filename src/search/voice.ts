/**
 * Voice search over the Web Speech API (`SpeechRecognition`, or Chrome's `webkitSpeechRecognition`):
 * idle -> listening -> idle with what was heard, or error, or denied (microphone access refused).
 * The recogniser's constructor is looked up when asked (a test page may install a scripted one).
 */

export type VoiceState = 'idle' | 'listening' | 'error' | 'denied';

interface RecognitionResultList {
  length: number;
  [index: number]: { isFinal?: boolean; 0?: { transcript?: string } } | undefined;
}

/** The part of SpeechRecognition used here. */
export interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onstart: ((event: Event) => void) | null;
  onresult: ((event: { results: RecognitionResultList; resultIndex?: number }) => void) | null;
  onerror: ((event: { error?: string }) => void) | null;
  onend: ((event: Event) => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export type RecognitionConstructor = new () => Recognition;

/** The browser's recogniser, if it has one. */
export function recognitionConstructor(scope: object = globalThis): RecognitionConstructor | undefined {
  const s = scope as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  const ctor = s.SpeechRecognition ?? s.webkitSpeechRecognition;
  return typeof ctor === 'function' ? (ctor as RecognitionConstructor) : undefined;
}

export interface VoiceCallbacks {
  onState: (state: VoiceState) => void;
  /** What was heard so far (`final` once the phrase is complete). */
  onTranscript: (text: string, final: boolean) => void;
}

/** Errors that mean the microphone (or the speech service) is not allowed. */
const DENIED = ['not-allowed', 'service-not-allowed'];

/** One listening session at a time; `stop` ends it, `dispose` drops it without callbacks. */
export class VoiceSearch {
  private recognition?: Recognition;
  private state: VoiceState = 'idle';

  constructor(
    private readonly ctor: RecognitionConstructor,
    private readonly callbacks: VoiceCallbacks,
  ) {}

  get current(): VoiceState {
    return this.state;
  }

  private set(state: VoiceState): void {
    if (state === this.state) return;
    this.state = state;
    this.callbacks.onState(state);
  }

  start(language: string): void {
    this.dispose();
    let recognition: Recognition;
    try {
      recognition = new this.ctor();
    } catch {
      this.set('error');
      return;
    }
    this.recognition = recognition;
    recognition.lang = language;
    recognition.interimResults = true;
    recognition.continuous = false;
    recognition.maxAlternatives = 1;
    let heard = '';
    let failed = false;
    recognition.onresult = (event) => {
      if (this.recognition !== recognition) return;
      const results = event.results;
      let text = '';
      let final = false;
      for (let i = 0; i < results.length; i++) {
        text += results[i]?.[0]?.transcript ?? '';
        final = Boolean(results[i]?.isFinal);
      }
      heard = text.trim();
      this.callbacks.onTranscript(heard, final);
    };
    recognition.onerror = (event) => {
      if (this.recognition !== recognition) return;
      failed = true;
      // 'aborted' is our own stop; 'no-speech' and the rest are a failed attempt.
      if (event.error === 'aborted') this.set('idle');
      else this.set(DENIED.includes(event.error ?? '') ? 'denied' : 'error');
    };
    recognition.onend = () => {
      if (this.recognition !== recognition) return;
      this.recognition = undefined;
      if (!failed) this.set('idle');
    };
    this.set('listening');
    try {
      recognition.start();
    } catch {
      this.recognition = undefined;
      this.set('error');
    }
  }

  /** Stop listening (what was heard so far is kept). */
  stop(): void {
    const r = this.recognition;
    if (!r) return;
    try {
      r.stop();
    } catch {
      /* already stopped */
    }
  }

  /** Drop the session: no further callbacks. */
  dispose(): void {
    const r = this.recognition;
    this.recognition = undefined;
    if (r) {
      r.onresult = r.onerror = r.onend = null;
      try {
        r.abort();
      } catch {
        /* already ended */
      }
    }
    if (this.state === 'listening') this.set('idle');
  }
}
