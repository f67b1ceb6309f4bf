import type { WebSocket } from 'ws';

/**
 * The crash feed's sending: a message for a thousand sockets is a thousand socket writes,
 * tens of milliseconds of the event loop (more for a large message), during which no bet or
 * cash-out is answered. So the writes go out SOCKETS_PER_TURN at a time, with the requests that
 * arrived in the meantime handled between slices. Messages leave in the order they were given,
 * each to the sockets open when it was given.
 */
export const SOCKETS_PER_TURN = 100;

type Outgoing = { data: Buffer; targets: WebSocket[]; next: number };

export type Outbox = {
  send(targets: Iterable<WebSocket>, text: string): void;
  /** Sends everything still waiting, now. */
  drain(): void;
};

export function createOutbox(perTurn = SOCKETS_PER_TURN): Outbox {
  const queue: Outgoing[] = [];
  let next: NodeJS.Immediate | null = null;

  /** Writes to at most `budget` sockets; answers whether anything is left. */
  function write(budget: number): boolean {
    while (budget > 0 && queue.length > 0) {
      const o = queue[0] as Outgoing;
      const end = Math.min(o.targets.length, o.next + budget);
      for (; o.next < end; o.next++, budget--) {
        const s = o.targets[o.next] as WebSocket;
        if (s.readyState === s.OPEN) s.send(o.data, { binary: false });
      }
      if (o.next === o.targets.length) queue.shift();
    }
    return queue.length > 0;
  }

  function turn() {
    next = write(perTurn) ? setImmediate(turn) : null;
  }

  return {
    send(targets, text) {
      const list = [...targets];
      if (list.length === 0) return;
      // One buffer for every socket: a string would be encoded again for each of them.
      queue.push({ data: Buffer.from(text), targets: list, next: 0 });
      next ??= setImmediate(turn);
    },
    drain() {
      write(Number.POSITIVE_INFINITY);
      if (next) clearImmediate(next);
      next = null;
    },
  };
}
