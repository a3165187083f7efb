import { useCallback, useEffect, useRef, useState } from 'react';
import { LiveTranscript, type RecognitionResults, type TimedPhrase } from '../live-transcript.ts';

/**
 * The browser's own speech recognition while recording (Web Speech API), where offered. On-device
 * recognition (Chrome's `processLocally`) is used as is; recognition that sends audio to the
 * browser maker's servers is used only after the user said yes once (kept in localStorage).
 */
export type LiveAvailability = 'checking' | 'unsupported' | 'on-device' | 'cloud';
export type LiveConsent = 'yes' | 'no' | null;
export const LIVE_CONSENT_KEY = 'echo.studio.live-transcript';

interface Recognition extends EventTarget {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  processLocally?: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { results: RecognitionResults; resultIndex: number }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}
interface RecognitionClass {
  new (): Recognition;
  available?: (options: { langs: string[]; processLocally: boolean }) => Promise<string>;
}

function recognitionClass(): RecognitionClass | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionClass;
    webkitSpeechRecognition?: RecognitionClass;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

const language = () => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

/** Errors after which recognition is not restarted (the audio recording carries on). */
const FATAL: Record<string, string> = {
  'not-allowed': 'the browser did not allow speech recognition',
  'service-not-allowed': 'the browser did not allow speech recognition',
  network: 'the browser could not reach its speech service',
  'language-not-supported': 'your language is not supported by the browser',
  'audio-capture': 'the browser could not hear the microphone',
};

function readConsent(): LiveConsent {
  try {
    const value = localStorage.getItem(LIVE_CONSENT_KEY);
    return value === 'yes' || value === 'no' ? value : null;
  } catch {
    return null;
  }
}

export function useLiveTranscript({ active, clock }: { active: boolean; clock: () => number }) {
  const [availability, setAvailability] = useState<LiveAvailability>('checking');
  const [consent, setConsentState] = useState<LiveConsent>(null);
  const [text, setText] = useState({ final: '', interim: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const live = useRef(new LiveTranscript());
  const failed = useRef(false);
  const clockRef = useRef(clock);
  clockRef.current = clock;

  useEffect(() => {
    setConsentState(readConsent());
    const Class = recognitionClass();
    if (!Class) {
      setAvailability('unsupported');
      return;
    }
    if (typeof Class.available !== 'function') {
      setAvailability('cloud');
      return;
    }
    Class.available({ langs: [language()], processLocally: true })
      .then((answer) => setAvailability(answer === 'available' ? 'on-device' : 'cloud'))
      .catch(() => setAvailability('cloud'));
  }, []);

  const setConsent = useCallback((value: 'yes' | 'no') => {
    try {
      localStorage.setItem(LIVE_CONSENT_KEY, value);
    } catch {}
    setConsentState(value);
  }, []);

  const enabled = availability === 'on-device' || (availability === 'cloud' && consent === 'yes');

  useEffect(() => {
    const Class = recognitionClass();
    if (!active || !enabled || !Class || failed.current) return;
    let running = true;
    const recognition = new Class();
    recognition.continuous = true;
    recognition.interimResults = true;
    recognition.lang = language();
    if (availability === 'on-device') recognition.processLocally = true;
    recognition.onresult = (event) => {
      live.current.onResult(event.results, event.resultIndex, clockRef.current());
      setText(live.current.text());
    };
    recognition.onerror = (event) => {
      const why = FATAL[event.error];
      if (!why) return;
      failed.current = true;
      running = false;
      setProblem(`The live transcript stopped: ${why}. Your audio is still being recorded.`);
    };
    // The recogniser stops on its own after a pause: start it again while recording.
    recognition.onend = () => {
      live.current.endSession(clockRef.current());
      setText(live.current.text());
      if (!running) return;
      try {
        recognition.start();
      } catch {
        running = false;
      }
    };
    try {
      recognition.start();
    } catch {
      return;
    }
    return () => {
      running = false;
      recognition.stop();
    };
  }, [active, enabled, availability]);

  /** What was heard, timed on the recording; the recognisers' unfinished phrases included. */
  const take = useCallback((): TimedPhrase[] => {
    live.current.endSession(clockRef.current());
    return live.current.phrases();
  }, []);

  const reset = useCallback(() => {
    live.current = new LiveTranscript();
    failed.current = false;
    setText({ final: '', interim: '' });
    setProblem(null);
  }, []);

  return { availability, consent, setConsent, enabled, text, problem, take, reset };
}
