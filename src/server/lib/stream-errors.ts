import type { EventEmitter } from 'node:events';
import type { Readable, Transform } from 'node:stream';

/**
 * Marks `stream`'s 'error' event as handled, and returns it. For a stream made now and read later:
 * a request body piped through it towards a store that first does some asking of its own (an S3
 * store reads the upload's parts before it reads the body). A client that goes in that gap
 * destroys the stream with its error while nothing listens yet, and a piped stream with no
 * 'error' listener re-emits the error, which ends the process. The error still reaches the
 * reader: a stream destroyed with an error gives it to whoever reads or pipes it afterwards.
 */
export function readLater<T extends EventEmitter>(stream: T): T {
  stream.on('error', ignore);
  return stream;
}

function ignore() {}

/** `source` piped through `through`, which ends with the source's error; read later (`readLater`). */
export function pipedReadLater<T extends Transform>(source: Readable, through: T): T {
  source.once('error', (error) => through.destroy(error));
  return source.pipe(readLater(through));
}
