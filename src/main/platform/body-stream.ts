/**
 * Hands a response body over as a Node stream for the CSV exporter, while keeping the client's
 * guarantees: the attempt's timeout and the caller's cancellation still apply, the size limit
 * still holds, and every failure arrives as a `PlatformStreamError` carrying one of our codes.
 */
import { Readable } from 'node:stream';
import type { ErrorCode } from '../../shared/result';
import type { AttemptControl } from './attempt-control';
import { describeNetworkError, dropBody } from './answers';
import type { Body } from './transport';

export class PlatformStreamError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PlatformStreamError';
  }
}

export function openBodyStream(body: Body | null, control: AttemptControl, maxBytes: number): Readable {
  const reader = body?.[Symbol.asyncIterator]() ?? null;
  let total = 0;
  let settled = false;
  // A cancel or timeout ends the stream at once. Waiting for the pending read to reject is not
  // enough: a body can leave it pending for good after an abort, and the export would never settle.
  const onAbort = () => stream.destroy(failure(control.controller.signal.reason));
  const settle = () => {
    if (settled) return;
    settled = true;
    control.controller.signal.removeEventListener('abort', onAbort);
    control.release();
  };
  const failure = (error: unknown): PlatformStreamError => {
    const by = control.abortedBy();
    if (by === 'cancelled') return new PlatformStreamError('cancelled', 'Cancelled');
    if (by === 'timeout')
      return new PlatformStreamError('timeout', 'The platform stopped sending the answer in time');
    return new PlatformStreamError(
      'bad-response',
      `The platform's answer was cut off after ${total} bytes (${describeNetworkError(error)})`,
    );
  };
  const stream = new Readable({
    read() {
      if (reader === null) {
        settle();
        this.push(null);
        return;
      }
      reader.next().then(
        (step) => {
          if (step.done === true) {
            settle();
            this.push(null);
            return;
          }
          total += step.value.byteLength;
          if (total > maxBytes) {
            this.destroy(
              new PlatformStreamError(
                'bad-response',
                `The platform's answer is larger than ${maxBytes} bytes`,
              ),
            );
            return;
          }
          this.push(step.value);
        },
        (error: unknown) => this.destroy(failure(error)),
      );
    },
    destroy(error, callback) {
      const early = !settled;
      settle();
      if (early) {
        // Stopped before the end (by the consumer or an error): drop the connection rather than
        // leaving a pending read waiting for a server that may never send more.
        control.controller.abort();
        void dropBody(body, reader ?? undefined);
      }
      callback(error);
    },
  });
  if (control.controller.signal.aborted) stream.destroy(failure(control.controller.signal.reason));
  else control.controller.signal.addEventListener('abort', onAbort, { once: true });
  return stream;
}
