/**
 * A process-local cache bounded by the bytes it holds: reading a key makes it the most recently
 * used, and storing past the bound evicts the least recently used until the rest fits. A value
 * larger than the whole bound is not kept. Values may be promises whose size is known only once
 * they settle (`resize`), so requests for a value being made share it.
 */
export class ByteCache<V> {
  readonly #entries = new Map<string, { value: V; bytes: number }>();
  #bytes = 0;

  #maxBytes: number;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get maxBytes(): number {
    return this.#maxBytes;
  }

  /** A new bound (the configuration's), applied at once. */
  set maxBytes(bytes: number) {
    this.#maxBytes = bytes;
    this.#evict();
  }

  /** The value of `key`, now the most recently used, or undefined. */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (bytes > this.#maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    this.#evict();
  }

  /** The size of a kept value, once known; nothing when the key is no longer kept or holds another value. */
  resize(key: string, value: V, bytes: number): void {
    const entry = this.#entries.get(key);
    if (entry?.value !== value) return;
    if (bytes > this.#maxBytes) {
      this.delete(key);
      return;
    }
    this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.#evict(key);
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Least recently used first, sparing `keep` (the value just sized, which fits on its own). */
  #evict(keep?: string): void {
    for (const [key] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) return;
      if (key !== keep) this.delete(key);
    }
  }
}
