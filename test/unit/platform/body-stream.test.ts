/**
 * openBodyStream (src/main/platform/body-stream.ts): the whole body in order, no body, the size
 * limit, a body cut off mid-way, the timeout, a consumer that stops early dropping the connection,
 * and a caller's cancel, even while a read never settles. Timers are fake where time matters.
 */
import { finished } from 'node:stream/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAttemptControl } from '../../../src/main/platform/attempt-control';
import { PlatformStreamError, openBodyStream } from '../../../src/main/platform/body-stream';
import { nodeBody } from '../../support/fixtures/node-body';

afterEach(() => {
  vi.useRealTimers();
});

const bytes = (text: string) => new TextEncoder().encode(text);

/** A body of the given chunks, then (optionally) a failed read or a read that never settles. */
function bodyOf(chunks: string[], end: 'close' | 'error' | 'stall' = 'close') {
  let i = 0;
  const cancelled = { value: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk !== undefined) return controller.enqueue(bytes(chunk));
      if (end === 'close') return controller.close();
      if (end === 'error') return controller.error(new TypeError('terminated'));
      return new Promise<void>(() => undefined);
    },
    cancel() {
      cancelled.value = true;
    },
  });
  return { body, cancelled };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += Buffer.from(chunk as Uint8Array).toString('utf8');
  return text;
}

async function errorOf(stream: NodeJS.ReadableStream): Promise<PlatformStreamError> {
  try {
    await readAll(stream);
  } catch (error) {
    return error as PlatformStreamError;
  }
  throw new Error('the stream ended without an error');
}

describe('openBodyStream', () => {
  it('passes the whole body on, in order, and releases the attempt at the end', async () => {
    const control = createAttemptControl(undefined, 60_000);
    const release = vi.spyOn(control, 'release');
    const { body } = bodyOf(['a,b\r\n', '1,2\r\n', '3,4\r\n']);
    expect(await readAll(openBodyStream(body, control, 1000))).toBe('a,b\r\n1,2\r\n3,4\r\n');
    expect(release).toHaveBeenCalled();
    expect(control.controller.signal.aborted).toBe(false);
  });

  it('an answer without a body is an empty stream', async () => {
    const control = createAttemptControl(undefined, 60_000);
    const release = vi.spyOn(control, 'release');
    expect(await readAll(openBodyStream(null, control, 1000))).toBe('');
    expect(release).toHaveBeenCalled();
  });

  it('a body of exactly the limit passes; one byte more is refused with the limit named', async () => {
    const exact = bodyOf(['12345', '67890']);
    expect(await readAll(openBodyStream(exact.body, createAttemptControl(undefined, 60_000), 10))).toBe(
      '1234567890',
    );
    const over = bodyOf(['12345', '678901', 'never read']);
    const control = createAttemptControl(undefined, 60_000);
    const error = await errorOf(openBodyStream(over.body, control, 10));
    expect(error).toBeInstanceOf(PlatformStreamError);
    expect(error.name).toBe('PlatformStreamError');
    expect(error.code).toBe('bad-response');
    expect(error.message).toBe("The platform's answer is larger than 10 bytes");
    expect(control.controller.signal.aborted).toBe(true);
    expect(over.cancelled.value).toBe(true);
  });

  it('a body cut off mid-way says how many bytes arrived', async () => {
    const { body } = bodyOf(['abc', 'de'], 'error');
    const error = await errorOf(openBodyStream(body, createAttemptControl(undefined, 60_000), 1000));
    expect(error.code).toBe('bad-response');
    expect(error.message).toMatch(/^The platform's answer was cut off after 5 bytes \(.+\)$/);
  });

  it('a timeout while the body is stalled ends the stream with a timeout', async () => {
    vi.useFakeTimers();
    const { body } = bodyOf(['abc'], 'stall');
    const stream = openBodyStream(body, createAttemptControl(undefined, 1000), 1000);
    const failed = errorOf(stream);
    await vi.advanceTimersByTimeAsync(1000);
    const error = await failed;
    expect(error.code).toBe('timeout');
    expect(error.message).toBe('The platform stopped sending the answer in time');
  });

  it('a consumer that stops early drops the connection and releases the attempt', async () => {
    const control = createAttemptControl(undefined, 60_000);
    const release = vi.spyOn(control, 'release');
    const { body, cancelled } = bodyOf(['abc'], 'stall');
    const stream = openBodyStream(body, control, 1000);
    stream.destroy();
    await finished(stream).catch(() => undefined);
    expect(control.controller.signal.aborted).toBe(true);
    expect(cancelled.value).toBe(true);
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('a stream read to its end does not abort the attempt when destroyed afterwards', async () => {
    const control = createAttemptControl(undefined, 60_000);
    const stream = openBodyStream(bodyOf(['abc']).body, control, 1000);
    await readAll(stream);
    stream.destroy();
    expect(control.controller.signal.aborted).toBe(false);
  });

  it('ends with a cancelled error when the caller aborts, even if the pending read never settles', async () => {
    const caller = new AbortController();
    const control = createAttemptControl(caller.signal, 30_000);
    const stream = openBodyStream(bodyOf(['a,b\r\n'], 'stall').body, control, 1024);
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
    const stream = openBodyStream(bodyOf(['a,b\r\n'], 'stall').body, control, 1024);
    stream.resume();
    const error = await finished(stream).catch((e: unknown) => e);
    expect((error as PlatformStreamError).code).toBe('cancelled');
  });

  describe('from a Node stream (how the transport hands answers over)', () => {
    it('passes the whole body on and releases the attempt', async () => {
      const control = createAttemptControl(undefined, 60_000);
      const release = vi.spyOn(control, 'release');
      expect(await readAll(openBodyStream(nodeBody(['a,b\r\n', '1,2\r\n']), control, 1000))).toBe(
        'a,b\r\n1,2\r\n',
      );
      expect(release).toHaveBeenCalled();
    });

    it('a consumer that stops before the first read still destroys the answer (its connection)', async () => {
      const control = createAttemptControl(undefined, 60_000);
      const body = nodeBody(['abc'], 'open');
      const stream = openBodyStream(body, control, 1000);
      stream.destroy();
      await finished(stream).catch(() => undefined);
      expect(body.destroyed).toBe(true);
      expect(control.controller.signal.aborted).toBe(true);
    });

    it('a cut-off answer says how many bytes arrived', async () => {
      const body = nodeBody(['abcd'], 'open');
      const stream = openBodyStream(body, createAttemptControl(undefined, 60_000), 1000);
      stream.once('data', () =>
        body.destroy(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' })),
      );
      const error = await errorOf(stream);
      expect(error.message).toBe(
        "The platform's answer was cut off after 4 bytes (UND_ERR_SOCKET: other side closed)",
      );
    });
  });
});
