import { finished } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { PlatformStreamError, openBodyStream } from '../../../src/main/platform/body-stream';
import { createAttemptControl } from '../../../src/main/platform/attempt-control';

/** A body whose reads never settle, as undici's can after an abort. */
function stalledBody(): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new TextEncoder().encode('a,b\r\n'));
        return;
      }
      return new Promise<void>(() => undefined);
    },
  });
}

describe('openBodyStream', () => {
  it('ends with a cancelled error when the caller aborts, even if the pending read never settles', async () => {
    const caller = new AbortController();
    const control = createAttemptControl(caller.signal, 30_000);
    const stream = openBodyStream(stalledBody(), control, 1024);
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      caller.abort(); // after the first chunk, while the next read is pending
    });
    const error = await finished(stream).then(
      () => null,
      (e: unknown) => e,
    );
    expect(Buffer.concat(chunks).toString()).toBe('a,b\r\n');
    expect(error).toBeInstanceOf(PlatformStreamError);
    expect((error as PlatformStreamError).code).toBe('cancelled');
  });

  it('ends with a cancelled error when the caller aborted before the stream was opened', async () => {
    const caller = new AbortController();
    const control = createAttemptControl(caller.signal, 30_000);
    caller.abort();
    const stream = openBodyStream(stalledBody(), control, 1024);
    stream.resume();
    const error = await finished(stream).catch((e: unknown) => e);
    expect((error as PlatformStreamError).code).toBe('cancelled');
  });
});
