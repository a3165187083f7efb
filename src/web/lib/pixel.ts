/**
 * Meta pixel: loaded only when the server configured META_PIXEL_ID (a meta tag in index.html).
 * Without it no third-party script is requested and events are dropped.
 */
type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[][];
  loaded?: boolean;
  version?: string;
  push?: unknown;
  callMethod?: (...args: unknown[]) => void;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

/**
 * True when the owner signed in on this browser opted out of data use: the server sets the
 * readable cookie `echo_no_tracking=1` (PUT/GET /api/privacy/data-use). No pixel at all then.
 */
export function trackingDisabled(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === 'echo_no_tracking=1');
}

export function pixelId(): string | null {
  if (trackingDisabled()) return null;
  return document.querySelector<HTMLMetaElement>('meta[name="meta-pixel-id"]')?.content || null;
}

let initialised = false;

export function initPixel(): void {
  const id = pixelId();
  if (!id || initialised) return;
  initialised = true;
  const queue: unknown[][] = [];
  // The standard stub: calls queue up until fbevents.js loads and installs callMethod.
  const fbq: Fbq = (...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else queue.push(args);
  };
  fbq.queue = queue;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.push = fbq;
  window.fbq = fbq;
  window._fbq = fbq;
  const script = document.createElement('script');
  script.async = true;
  script.src = 'https://connect.facebook.net/en_US/fbevents.js';
  document.head.appendChild(script);
  fbq('init', id);
  fbq('track', 'PageView');
}

/** Fires a standard event such as 'Lead'; a no-op when no pixel is configured. */
export function trackPixelEvent(event: string, params?: Record<string, unknown>): void {
  if (!pixelId()) return;
  initPixel();
  if (params) window.fbq?.('track', event, params);
  else window.fbq?.('track', event);
}
