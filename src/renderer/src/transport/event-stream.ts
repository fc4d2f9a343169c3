/**
 * Splits the web bridge's event stream (server-sent events: `event: name`, `data: …` lines, a
 * blank line after each event) into events as its chunks arrive. Each chunk is scanned once: the
 * search for the blank line starts where the previous one stopped (one character back, for a
 * `\n\n` split across two chunks), and the consumed events are cut off once per chunk, so a large
 * event arriving in many small chunks costs its length, not its length times its chunks.
 */
export interface StreamEvent {
  event: string;
  data: string;
}

export class EventStreamSplitter {
  private buffer = '';
  /** Where the next search for a blank line starts: nothing before it holds one. */
  private scanned = 0;

  /** The complete events in the stream so far, in order; what follows the last one waits. */
  push(chunk: string): StreamEvent[] {
    this.buffer += chunk;
    const events: StreamEvent[] = [];
    let start = 0;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n', Math.max(start, this.scanned - 1))) >= 0) {
      const parsed = parseBlock(this.buffer.slice(start, end));
      if (parsed) events.push(parsed);
      start = end + 2;
    }
    if (start > 0) this.buffer = this.buffer.slice(start);
    this.scanned = this.buffer.length;
    return events;
  }
}

function parseBlock(block: string): StreamEvent | null {
  let event = '';
  let data = '';
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data += line.slice(6);
  }
  return event ? { event, data } : null;
}
