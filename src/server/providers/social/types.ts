/** A live post a platform made: its id, its public address, and (AT Protocol) its record's uri and cid. */
export interface SentPart {
  id: string;
  url: string;
  uri?: string;
  cid?: string;
}

/** One post going out: its text, its idempotency key, and the thread's first and previous posts. */
export interface OutgoingPart {
  text: string;
  /** Chosen before the call and kept: Bluesky's record key, Mastodon's Idempotency-Key. */
  key: string;
  /** When the part first went (X and LinkedIn look it up among the posts made since then). */
  since?: Date;
  root?: SentPart;
  parent?: SentPart;
  /** A document (PDF) for LinkedIn's document post. */
  document?: { title: string; bytes: Uint8Array };
  /** Media uploaded for this part (what `uploadImages` answered), attached to the post. */
  media?: MediaRef[];
}

/** An image going out with a post: a PNG, its alt text, its size in pixels. */
export interface OutgoingImage {
  bytes: Uint8Array;
  alt: string;
  width: number;
  height: number;
}

/** A clip going out with a post: an MP4 file (streamed from disk, never read whole), its size, its alt text. */
export interface OutgoingVideo {
  file: string;
  bytes: number;
  alt: string;
}

/** A platform's reference to uploaded media (X and Mastodon: an id; Bluesky: the blob with its alt text). */
export type MediaRef = Record<string, unknown>;

/** What a connected account's session can do. Credentials change when a token is refreshed. */
export interface PlatformSession {
  publish(part: OutgoingPart): Promise<SentPart>;
  /**
   * Uploads images with their alt text (X, Bluesky, Mastodon), answering what `publish` attaches
   * (`part.media`). Uploading again makes new, unattached media, never a second post.
   */
  uploadImages?(images: OutgoingImage[]): Promise<MediaRef[]>;
  /** Uploads a clip (chunked where the platform asks), waiting until the platform has processed it. */
  uploadVideo?(video: OutgoingVideo): Promise<MediaRef[]>;
  /**
   * After an unknown outcome (no answer, or a 5xx after the request went): the post if the platform made it, null when it certainly did not (the
   * part may go again with the same key); throws a PlatformError('unknown') when it cannot tell.
   */
  find(part: OutgoingPart): Promise<SentPart | null>;
  /** The credentials as they are now (refreshed ones must be stored). */
  readonly credentials: Record<string, unknown>;
  readonly refreshed: boolean;
}

export interface ConnectedAccount {
  remoteId: string;
  handle: string;
  charLimit: number;
  credentials: Record<string, unknown>;
  tokenExpiresAt?: Date;
}
