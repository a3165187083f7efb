import { type Readable, Transform } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { pipedReadLater } from './stream-errors.ts';

/**
 * Bytes of a streamed body between two minor collections. A large body (a 200 MB upload) arrives
 * as one Buffer per socket read, each on memory outside V8's heap that goes back only when V8
 * collects the Buffer; V8 collects after so much JavaScript allocation, and a stream allocates
 * little of it, so dead chunks piled up to V8's external-memory limit (about 64 MB) before one
 * collection freed them all. A minor collection (a scavenge of a young generation holding next
 * to nothing: well under a millisecond) after each few megabytes gives them back as they die.
 */
export const RELEASE_EVERY_BYTES = 8 * 1024 * 1024;

type MinorGc = (options: { type: 'minor' }) => void;
let collect: MinorGc | null | undefined;

/** V8's collector, as `--expose-gc` gives it, without exposing it to the rest of the process. */
function collector(): MinorGc | null {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as MinorGc;
      v8.setFlagsFromString('--no-expose-gc');
    } catch {
      collect = null;
    }
  }
  return collect;
}

/**
 * `source` passed on unchanged, with a minor collection after every `every` bytes (see
 * RELEASE_EVERY_BYTES): for the bodies Echo streams to storage. Backpressure is the pipe's; an
 * error of the source ends the result with it.
 */
export function releasingChunks(source: Readable, every = RELEASE_EVERY_BYTES): Readable {
  const gc = collector();
  if (!gc) return source;
  let since = 0;
  const passed = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      since += chunk.length;
      if (since >= every) {
        since = 0;
        gc({ type: 'minor' });
      }
      callback(null, chunk);
    },
  });
  return pipedReadLater(source, passed);
}
