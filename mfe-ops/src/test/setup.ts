import { configure } from '@testing-library/react';

// antd's forms and selects defer work with a MessageChannel (a macro task), which jsdom lacks: a
// channel whose messages arrive on a timer does the same.
type Port = { onmessage: ((e: { data: unknown }) => void) | null; postMessage(data: unknown): void; close(): void };

if (typeof globalThis.MessageChannel === 'undefined') {
  class TimerChannel {
    readonly port1: Port;
    readonly port2: Port;
    constructor() {
      const port = (other: () => Port): Port => ({
        onmessage: null,
        postMessage: (data) => void setTimeout(() => other().onmessage?.({ data }), 0),
        close: () => undefined,
      });
      this.port1 = port(() => this.port2);
      this.port2 = port(() => this.port1);
    }
  }
  Object.assign(globalThis, { MessageChannel: TimerChannel });
}

// antd's images and selects watch their size; jsdom lays nothing out, so there is nothing to report.
if (typeof globalThis.ResizeObserver === 'undefined') {
  class StillObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(globalThis, { ResizeObserver: StillObserver });
}

// antd's screens render slowly in jsdom on a busy machine: a screen gets 10 s to show what a test
// waits for (a bound, not a delay).
configure({ asyncUtilTimeout: 10_000 });
