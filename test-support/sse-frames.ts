/**
 * Server-sent events as the tests and benches read them from a plain HTTP answer (a page reads
 * them with EventSource): text in, in whatever chunks it comes, and each whole frame out, with
 * its event name, its data lines joined, and its comment lines (": connected", heartbeats).
 */
export interface SseFrame {
  event: string;
  data: string;
  comments: string[];
}

/** Returns the function to feed with the answer's text; `onFrame` is called once per frame. */
export function sseFrames(onFrame: (frame: SseFrame) => void): (chunk: string) => void {
  let buffer = "";
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame: SseFrame = { event: "message", data: "", comments: [] };
      const data: string[] = [];
      for (const line of buffer.slice(0, end).split("\n")) {
        if (line.startsWith(":")) frame.comments.push(line.slice(1).trim());
        else if (line.startsWith("event: ")) frame.event = line.slice(7);
        else if (line.startsWith("data: ")) data.push(line.slice(6));
      }
      buffer = buffer.slice(end + 2);
      frame.data = data.join("\n");
      onFrame(frame);
    }
  };
}
