import { describe, expect, it } from 'vitest';
import { EventStreamSplitter, type StreamEvent } from '../../../../src/renderer/src/transport/event-stream';

const wire = (events: StreamEvent[]) => events.map((e) => `event: ${e.event}\ndata: ${e.data}\n\n`).join('');

/** Feeds `text` in chunks cut at `cuts` (ascending offsets) and collects every event. */
function feed(text: string, cuts: number[]): StreamEvent[] {
  const splitter = new EventStreamSplitter();
  const out: StreamEvent[] = [];
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    out.push(...splitter.push(text.slice(from, cut)));
    from = cut;
  }
  return out;
}

describe('EventStreamSplitter', () => {
  const events = [
    { event: 'job.progress', data: '{"jobId":"j1","done":100}' },
    { event: 'job.progress', data: '{"jobId":"j1","done":200,"rows":["a\\n\\nb"]}' },
    { event: 'risk.alert', data: '{}' },
  ];
  const text = wire(events);

  it('gives the events of one chunk in order', () => {
    expect(feed(text, [])).toEqual(events);
  });

  it('gives the same events wherever the stream is cut, a blank line split across two chunks included', () => {
    for (let cut = 1; cut < text.length; cut++) expect(feed(text, [cut]), `cut at ${cut}`).toEqual(events);
  });

  it('gives the same events when every character is its own chunk', () => {
    expect(
      feed(
        text,
        Array.from({ length: text.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(events);
  });

  it('holds an event until its blank line arrives', () => {
    const splitter = new EventStreamSplitter();
    expect(splitter.push('event: a\ndata: 1\n')).toEqual([]);
    expect(splitter.push('\nevent: b\ndata: 2')).toEqual([{ event: 'a', data: '1' }]);
    expect(splitter.push('\n')).toEqual([]);
    expect(splitter.push('\n')).toEqual([{ event: 'b', data: '2' }]);
  });

  it('joins data lines, and skips a block without an event name (a comment, a keep-alive)', () => {
    expect(feed(': keep-alive\n\nevent: x\ndata: {"a":\ndata: 1}\n\n', [])).toEqual([
      { event: 'x', data: '{"a":1}' },
    ]);
  });
});
